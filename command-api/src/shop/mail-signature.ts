import { formatCep, formatPhone, type ShopSettings } from '@quitute/contracts';

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/** The line every page of the shop carries under its name (web's SHOP_TAGLINE). */
const TAGLINE = 'Doces e Salgados para Festas';

/**
 * How the shop's e-mails end (pt-BR): its name, how to reach it and where it
 * is, from the settings as they are when the e-mail is sent, so an owner's
 * new WhatsApp number is in the next e-mail.
 */
export function mailSignature(shop: ShopSettings): { text: string; html: string } {
  const contacts = [
    `WhatsApp ${formatPhone(shop.whatsapp)}`,
    ...(shop.phone === shop.whatsapp ? [] : [`Telefone ${formatPhone(shop.phone)}`]),
    shop.email,
  ].join(' · ');
  const { address } = shop;
  const street = [address.streetName, address.streetNumber, address.complement]
    .filter((part) => part !== '')
    .join(', ');
  const place = `${street} — ${address.neighborhood}, ${address.city}/${address.federalUnit}, CEP ${formatCep(address.zipCode)}`;
  const lines = [`${shop.name} — ${TAGLINE}`, contacts, place];
  return {
    text: lines.join('\n'),
    html: `<p>${lines.map(escapeHtml).join('<br>')}</p>`,
  };
}
