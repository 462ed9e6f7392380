/** Shop identity and contact details shown across the site. */
export const SHOP_NAME = 'Quitute';
export const SHOP_TAGLINE = 'Doces e Salgados para Festas';
export const CONTACT_EMAIL = 'contato@quitute.com.br';
export const CONTACT_PHONE = '(11) 98765-4321';

/** Brazil's country code for wa.me links. */
export const WHATSAPP_COUNTRY_CODE = '55';

export const SOCIAL_LINKS = [
  { name: 'Instagram', href: 'https://www.instagram.com/quitute' },
  { name: 'Facebook', href: 'https://www.facebook.com/quitute' },
] as const;
