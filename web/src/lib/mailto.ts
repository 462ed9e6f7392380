/**
 * A `mailto:` link to one address that a stranger typed (a custom order's
 * e-mail): each part is percent-encoded (RFC 6068), so an address such as
 * `a@b.c?cc=x@evil.com&body=…` opens a mail to that odd address alone, never
 * with a copy, subject or body of the stranger's choosing.
 */
export function mailtoHref(address: string): string {
  return `mailto:${address.split('@').map(encodeURIComponent).join('@')}`;
}
