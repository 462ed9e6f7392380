import { CONTACT_PHONE, WHATSAPP_COUNTRY_CODE } from '../config/shop';

/** A wa.me deep link to the shop's number, optionally with a prefilled message. */
export function whatsappUrl(text?: string, phone: string = CONTACT_PHONE): string {
  const digits = phone.replace(/\D/g, '');
  const url = `https://wa.me/${WHATSAPP_COUNTRY_CODE}${digits}`;
  return text ? `${url}?text=${encodeURIComponent(text)}` : url;
}
