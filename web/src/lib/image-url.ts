/**
 * Product images are absolute URLs or paths relative to the API's origin
 * (spec §3); blank means no image.
 */
export function resolveImageUrl(
  imageUrl: string | null | undefined,
  origin: string = window.location.origin,
): string | null {
  const trimmed = imageUrl?.trim();
  if (!trimmed) return null;
  try {
    return new URL(trimmed, `${origin}/`).href;
  } catch {
    return null;
  }
}
