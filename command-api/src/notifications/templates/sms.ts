import { assertNever, type OrderCancelReason, type PaymentMethod } from '@quitute/contracts';
import { addressLine, dayAndTime, money } from './format';
import { gsmSeptets, SMS_MAX_SEPTETS, toGsm } from './gsm';
import type { CustomerMessage, ShopFacts } from './types';
import { myOrderUrl } from './urls';

/** An SMS: what it must say, then what it says when there is room, in that order. */
interface SmsWords {
  head: string;
  extras: readonly string[];
}

/**
 * The SMS of a notification of SMS_NOTIFICATION_KINDS (issue 41): the shop's
 * name first, the order number in the first sentence, in the GSM alphabet and
 * at most two segments (SMS_MAX_SEPTETS). A long address or note is left out
 * rather than cut, so what is said is whole.
 */
export function renderSms(message: CustomerMessage, shop: ShopFacts): string {
  return fit(smsWords(message, shop));
}

function smsWords(message: CustomerMessage, shop: ShopFacts): SmsWords {
  const shopName = shop.settings.name.trim();
  switch (message.kind) {
    case 'payment_approved': {
      const { order } = message;
      return {
        head: `${shopName}: pagamento do pedido #${order.orderNumber} aprovado! Ele já está na fila da nossa cozinha para ${dayAndTime(order.deliveryDate)}.`,
        extras: [`Veja: ${myOrderUrl(shop.publicUrl, order.orderId)}`],
      };
    }
    case 'order_ready_for_pickup':
      return {
        head: `${shopName}: seu pedido #${message.order.orderNumber} está pronto para retirada.`,
        extras: [`Endereço: ${addressLine(shop.settings.address)}.`, `Horário: ${shop.hoursText}.`],
      };
    case 'order_in_transit': {
      const { order } = message;
      return {
        head: `${shopName}: seu pedido #${order.orderNumber} saiu para entrega e logo chega até você.`,
        extras: [
          ...(order.address ? [`Endereço: ${addressLine(order.address)}.`] : []),
          `Veja: ${myOrderUrl(shop.publicUrl, order.orderId)}`,
        ],
      };
    }
    case 'order_cancelled':
      return {
        head: `${shopName}: seu pedido #${message.order.orderNumber} foi cancelado. ${cancelReason(message.reason)}`,
        extras: ['Se você chegou a pagar, o valor será devolvido.'],
      };
    case 'order_refunded': {
      const { order } = message;
      const note = message.note?.trim();
      return {
        head: `${shopName}: devolvemos ${money(message.amountCents)} do pedido #${order.orderNumber} (${message.whole ? 'todo o valor pago' : 'reembolso parcial'}).`,
        extras: [...(note ? [`Motivo: ${note}.`] : []), refundTiming(order.paymentMethod)],
      };
    }
    case 'email_confirmation':
    case 'order_received':
    case 'order_processing':
    case 'order_delivered':
    case 'review_approved':
      throw new Error(`No SMS is written for notifications of kind ${message.kind}`);
    default:
      return assertNever(message);
  }
}

function cancelReason(reason: OrderCancelReason | null): string {
  switch (reason) {
    case 'payment_expired':
      return 'O prazo para pagar terminou.';
    case 'payment_rejected':
      return 'O pagamento foi recusado.';
    case 'payment_cancelled':
      return 'O pagamento foi cancelado.';
    case 'payment_failed':
      return 'Não conseguimos gerar o pagamento.';
    case null:
      return 'Fale com a gente se tiver alguma dúvida.';
    default:
      return assertNever(reason);
  }
}

function refundTiming(method: PaymentMethod): string {
  switch (method) {
    case 'pix':
      return 'O valor volta para a conta de onde saiu o Pix.';
    case 'credit_card':
      return 'No cartão de crédito, o estorno pode levar até duas faturas.';
    case 'debit_card':
      return 'No cartão de débito, o valor volta em alguns dias úteis.';
    case 'boleto':
      return 'O prazo depende do banco.';
    default:
      return assertNever(method);
  }
}

/** The head (cut only if it alone is too long), then each extra that still fits whole. */
function fit(words: SmsWords): string {
  let text = toGsm(words.head);
  if (gsmSeptets(text) > SMS_MAX_SEPTETS) text = cut(text);
  for (const extra of words.extras) {
    const longer = `${text} ${toGsm(extra)}`;
    if (gsmSeptets(longer) <= SMS_MAX_SEPTETS) text = longer;
  }
  return text;
}

function cut(text: string): string {
  const ellipsis = '...';
  let chars = [...text];
  while (chars.length > 0 && gsmSeptets(chars.join('') + ellipsis) > SMS_MAX_SEPTETS) {
    chars = chars.slice(0, -1);
  }
  return `${chars.join('').trimEnd()}${ellipsis}`;
}
