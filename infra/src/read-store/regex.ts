/** `text` as a regular expression that matches it literally (for a `$regex` filter or a stream-name pattern). */
export function escapeRegex(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
