import { paymentMessages } from '@quitute/contracts';

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/** Told to the customer when a payment was approved after its order had been cancelled (pt-BR). */
export function refundedAfterCancelMail({
  to,
  name,
  orderNumber,
}: {
  to: string;
  name: string;
  orderNumber: number;
}) {
  const text = [
    `Olá, ${name}!`,
    '',
    `Pedido #${orderNumber}: ${paymentMessages.refundedAfterCancel}`,
    '',
    'Quitute — Doces e Salgados para Festas',
  ].join('\n');
  const html = `<p>Olá, ${escapeHtml(name)}!</p>
<p>Pedido #${orderNumber}: ${escapeHtml(paymentMessages.refundedAfterCancel)}</p>
<p>Quitute — Doces e Salgados para Festas</p>`;
  return { to, subject: `Pedido #${orderNumber}: pagamento devolvido — Quitute`, text, html };
}
