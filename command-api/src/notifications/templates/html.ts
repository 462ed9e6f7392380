/** Text made safe inside HTML: element content and quoted attribute values alike. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => ENTITIES[char] ?? char);
}

const ENTITIES: Readonly<Record<string, string>> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/**
 * Whether a link may be an anchor: only http(s). A payment provider's URL is
 * read from the log, and a `javascript:` one must never become clickable.
 */
export function isWebUrl(href: string): boolean {
  return /^https?:\/\/[^\s]+$/i.test(href);
}
