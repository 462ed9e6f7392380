/**
 * What the shop says that its owner does not edit. Its name, contacts,
 * address, map, social links, hours and delivery zones are her settings,
 * read at run time (GET /api/shop, hooks/use-shop-settings.ts).
 */
export const SHOP_TAGLINE = 'Doces e Salgados para Festas';

/** Brazil's country code for wa.me links. */
export const WHATSAPP_COUNTRY_CODE = '55';

export interface MapLocation {
  latitude: number;
  longitude: number;
}

/** A small box around the shop, so the embedded map shows the streets nearby. */
const MAP_SPAN_DEGREES = 0.006;

/** OpenStreetMap's embeddable map of a place, with a marker on it (no third-party script). */
export function shopMapEmbedUrl({ latitude, longitude }: MapLocation): string {
  const bbox = [
    longitude - MAP_SPAN_DEGREES,
    latitude - MAP_SPAN_DEGREES / 2,
    longitude + MAP_SPAN_DEGREES,
    latitude + MAP_SPAN_DEGREES / 2,
  ]
    .map((value) => value.toFixed(4))
    .join(',');
  const params = new URLSearchParams({
    bbox,
    layer: 'mapnik',
    marker: `${latitude},${longitude}`,
  });
  return `https://www.openstreetmap.org/export/embed.html?${params.toString()}`;
}

/** The same place on openstreetmap.org, for a link beside the map. */
export function shopMapLinkUrl({ latitude, longitude }: MapLocation): string {
  return `https://www.openstreetmap.org/?mlat=${latitude}&mlon=${longitude}#map=17/${latitude}/${longitude}`;
}
