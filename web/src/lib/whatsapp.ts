import { WHATSAPP_COUNTRY_CODE } from '../config/shop';

/**
 * A wa.me deep link to a number (the shop's settings.whatsapp, or a
 * customer's), optionally with a prefilled message. A number with a leading
 * plus is international as written; any other is Brazilian.
 */
export function whatsappUrl(phone: string, text?: string): string {
  const digits = phone.replace(/\D/g, '');
  const international = phone.trim().startsWith('+');
  const url = `https://wa.me/${international ? '' : WHATSAPP_COUNTRY_CODE}${digits}`;
  return text ? `${url}?text=${encodeURIComponent(text)}` : url;
}

/**
 * Opens a deep link in a new tab (the form's submit is the user's gesture, so
 * it is not blocked as a popup); the new page gets no handle on this one. If
 * the browser refuses a new tab anyway, this tab goes there.
 */
export function openDeepLink(url: string): void {
  const opened = window.open(url, '_blank');
  if (opened) opened.opener = null;
  else window.location.assign(url);
}
