/** Shop identity and contact details shown across the site. */
export const SHOP_NAME = 'Quitute';
export const SHOP_TAGLINE = 'Doces e Salgados para Festas';
export const CONTACT_EMAIL = 'contato@quitute.com.br';
/**
 * Also the shop's WhatsApp number: the wa.me deep links of the custom order and contact forms go to it.
 * Digits, as phones are stored; pages show it with contracts' formatPhone.
 */
export const CONTACT_PHONE = '11987654321';

/** Brazil's country code for wa.me links. */
export const WHATSAPP_COUNTRY_CODE = '55';

export const SOCIAL_LINKS = [
  { name: 'Instagram', href: 'https://www.instagram.com/quitute' },
  { name: 'Facebook', href: 'https://www.facebook.com/quitute' },
] as const;

/** Where the shop is: the contact page's map (OpenStreetMap's embed, no third-party script). */
export const SHOP_ADDRESS = 'Rua Cardeal Arcoverde, 1200 – Pinheiros, São Paulo – SP';
export const SHOP_LOCATION = { latitude: -23.5614, longitude: -46.6829 } as const;

/** A small box around the shop, so the embedded map shows the streets nearby. */
const MAP_SPAN_DEGREES = 0.006;

/** OpenStreetMap's embeddable map of the shop, with a marker on it. */
export function shopMapEmbedUrl({
  latitude,
  longitude,
}: { latitude: number; longitude: number } = SHOP_LOCATION): string {
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
export function shopMapLinkUrl({ latitude, longitude } = SHOP_LOCATION): string {
  return `https://www.openstreetmap.org/?mlat=${latitude}&mlon=${longitude}#map=17/${latitude}/${longitude}`;
}
