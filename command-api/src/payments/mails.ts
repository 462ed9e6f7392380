import { paymentMessages, type ShopSettings } from '@quitute/contracts';
import { mailSignature } from '../shop/mail-signature';

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/** Told to the customer when a payment was approved after its order had been cancelled (pt-BR). */
export function refundedAfterCancelMail({
  to,
  name,
  orderNumber,
  shop,
}: {
  to: string;
  name: string;
  orderNumber: number;
  shop: ShopSettings;
}) {
  const signature = mailSignature(shop);
  const text = [
    `Olá, ${name}!`,
    '',
    `Pedido #${orderNumber}: ${paymentMessages.refundedAfterCancel}`,
    '',
    signature.text,
  ].join('\n');
  const html = `<p>Olá, ${escapeHtml(name)}!</p>
<p>Pedido #${orderNumber}: ${escapeHtml(paymentMessages.refundedAfterCancel)}</p>
${signature.html}`;
  return {
    to,
    subject: `Pedido #${orderNumber}: pagamento devolvido — ${shop.name}`,
    text,
    html,
  };
}
