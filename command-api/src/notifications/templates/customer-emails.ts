import {
  assertNever,
  DELIVERY_TYPE_OPTIONS,
  EMAIL_CONFIRMATION_TTL_MS,
  formatDigitableLine,
  notificationMessages,
  PAYMENT_METHOD_LABELS,
  type OrderCancelReason,
  type PaymentMethod,
} from '@quitute/contracts';
import type { Block } from './blocks';
import { addressLine, dayAndTime, deadline, greeting, money, shopDay } from './format';
import type { EmailContent } from './layout';
import { deliveryFacts, itemsTable, myOrderButton } from './order-blocks';
import type { CustomerMessage, OrderFacts, PaymentFacts, ShopFacts } from './types';
import { menuUrl, reviewsUrl } from './urls';

/** What each of the customer's e-mails says (issue 41), in pt-BR, as a small bakery writes. */
export function customerEmail(message: CustomerMessage, shop: ShopFacts): EmailContent {
  switch (message.kind) {
    case 'email_confirmation':
      return emailConfirmation(message, shop);
    case 'order_received':
      return orderReceived(message.order, message.payment, shop);
    case 'payment_approved':
      return paymentApproved(message.order, shop);
    case 'order_processing':
      return orderProcessing(message.order, shop);
    case 'order_ready_for_pickup':
      return orderReadyForPickup(message.order, shop);
    case 'order_in_transit':
      return orderInTransit(message.order, shop);
    case 'order_delivered':
      return orderDelivered(message.order, shop);
    case 'order_cancelled':
      return orderCancelled(message.order, message.reason, shop);
    case 'order_refunded':
      return orderRefunded(message, shop);
    case 'review_approved':
      return reviewApproved(message, shop);
    default:
      return assertNever(message);
  }
}

function emailConfirmation(
  message: Extract<CustomerMessage, { kind: 'email_confirmation' }>,
  shop: ShopFacts,
): EmailContent {
  const days = EMAIL_CONFIRMATION_TTL_MS / 86_400_000;
  const shopName = shop.settings.name;
  return {
    preview: notificationMessages.emailNotConfirmed,
    blocks: [
      { type: 'paragraph', text: greeting(message.name) },
      {
        type: 'paragraph',
        text: `Falta só um passo: confirme este e-mail para receber da ${shopName} as notícias dos seus pedidos — quando recebermos o pagamento, quando estiver pronto, quando sair para entrega.`,
      },
      {
        type: 'button',
        label: 'Confirmar e-mail',
        href: message.confirmationLink,
        spelledOut: true,
      },
      { type: 'note', text: `O link vale por ${days} dias.` },
      {
        type: 'note',
        text: `Se você não criou uma conta na ${shopName}, ignore este e-mail.`,
      },
    ],
  };
}

function orderReceived(order: OrderFacts, payment: PaymentFacts, shop: ShopFacts): EmailContent {
  return {
    preview: `Pedido #${order.orderNumber}: ${money(order.totalCents)} para ${dayAndTime(order.deliveryDate)}.`,
    blocks: [
      { type: 'heading', text: `Recebemos seu pedido #${order.orderNumber}` },
      {
        type: 'paragraph',
        text: `${greeting(order.customerName)} Que bom ter você por aqui. Confira os detalhes do seu pedido:`,
      },
      itemsTable(order),
      deliveryFacts(order, shop),
      ...howToPay(payment),
      myOrderButton(order, shop),
    ],
  };
}

/** What she still has to do to pay (or that the card is being confirmed). */
function howToPay(payment: PaymentFacts): Block[] {
  const method = methodFact(payment.method);
  switch (payment.method) {
    case 'pix': {
      if (!payment.pix) {
        return [
          method,
          { type: 'paragraph', text: 'O código Pix para pagar está na página do seu pedido.' },
        ];
      }
      return [
        method,
        {
          type: 'paragraph',
          text: 'Para confirmar seu pedido, copie o código abaixo e pague no app do seu banco, na opção Pix Copia e Cola:',
        },
        { type: 'code', label: 'Pix Copia e Cola', code: payment.pix.qrCode },
        ...(payment.pix.expiresAt
          ? [
              {
                type: 'paragraph',
                text: `Pague até ${deadline(payment.pix.expiresAt)}. Depois disso, o pedido é cancelado.`,
              } satisfies Block,
            ]
          : []),
      ];
    }
    case 'boleto': {
      if (!payment.boleto) {
        return [
          method,
          { type: 'paragraph', text: 'O boleto para pagar está na página do seu pedido.' },
        ];
      }
      return [
        method,
        {
          type: 'paragraph',
          text: 'Para confirmar seu pedido, pague o boleto até o vencimento, pelo app do seu banco ou numa lotérica.',
        },
        { type: 'button', label: 'Abrir boleto', href: payment.boleto.url },
        {
          type: 'code',
          label: 'Linha digitável',
          code: formatDigitableLine(payment.boleto.digitableLine),
        },
        ...(payment.boleto.expiresAt
          ? [
              {
                type: 'facts',
                rows: [{ label: 'Vencimento', value: shopDay(payment.boleto.expiresAt) }],
              } satisfies Block,
            ]
          : []),
      ];
    }
    case 'credit_card':
    case 'debit_card':
      return [
        method,
        {
          type: 'paragraph',
          text: 'Estamos confirmando o pagamento com o seu cartão. Avisaremos assim que ele for aprovado.',
        },
      ];
    default:
      return assertNever(payment.method);
  }
}

const methodFact = (method: PaymentMethod): Block => ({
  type: 'facts',
  rows: [{ label: 'Pagamento', value: PAYMENT_METHOD_LABELS[method] }],
});

function paymentApproved(order: OrderFacts, shop: ShopFacts): EmailContent {
  return {
    preview: `Seu pedido #${order.orderNumber} já está na fila da nossa cozinha.`,
    blocks: [
      { type: 'heading', text: 'Pagamento aprovado!' },
      {
        type: 'paragraph',
        text: `${greeting(order.customerName)} O pagamento do seu pedido #${order.orderNumber} foi aprovado, e ele já está na fila da nossa cozinha.`,
      },
      itemsTable(order),
      deliveryFacts(order, shop),
      myOrderButton(order, shop),
    ],
  };
}

function orderProcessing(order: OrderFacts, shop: ShopFacts): EmailContent {
  return {
    preview: `Nossa cozinha já está preparando seu pedido #${order.orderNumber}.`,
    blocks: [
      { type: 'heading', text: `Pedido #${order.orderNumber} em preparação` },
      {
        type: 'paragraph',
        text: `${greeting(order.customerName)} Seu pedido #${order.orderNumber} está em preparação: nossa cozinha já está cuidando dele com carinho.`,
      },
      deliveryFacts(order, shop),
      myOrderButton(order, shop),
    ],
  };
}

function orderReadyForPickup(order: OrderFacts, shop: ShopFacts): EmailContent {
  return {
    preview: `Seu pedido #${order.orderNumber} está pronto. Esperamos você!`,
    blocks: [
      { type: 'heading', text: `Pedido #${order.orderNumber} pronto para retirada` },
      {
        type: 'paragraph',
        text: `${greeting(order.customerName)} Seu pedido #${order.orderNumber} está pronto e esperando por você.`,
      },
      {
        type: 'facts',
        rows: [
          { label: 'Onde retirar', value: addressLine(shop.settings.address) },
          { label: 'Horário de atendimento', value: shop.hoursText },
          { label: 'Retirada agendada', value: dayAndTime(order.deliveryDate) },
        ],
      },
      myOrderButton(order, shop),
    ],
  };
}

function orderInTransit(order: OrderFacts, shop: ShopFacts): EmailContent {
  const where = order.address
    ? [{ label: 'Endereço de entrega', value: addressLine(order.address) }]
    : [];
  return {
    preview: `Seu pedido #${order.orderNumber} está a caminho.`,
    blocks: [
      { type: 'heading', text: `Pedido #${order.orderNumber} saiu para entrega` },
      {
        type: 'paragraph',
        text: `${greeting(order.customerName)} Seu pedido #${order.orderNumber} saiu para entrega e logo chega até você.`,
      },
      {
        type: 'facts',
        rows: [
          ...where,
          {
            label: DELIVERY_TYPE_OPTIONS[order.deliveryType],
            value: dayAndTime(order.deliveryDate),
          },
        ],
      },
      myOrderButton(order, shop),
    ],
  };
}

function orderDelivered(order: OrderFacts, shop: ShopFacts): EmailContent {
  return {
    preview: 'Bom apetite! Conte para a gente o que achou.',
    blocks: [
      { type: 'heading', text: `Pedido #${order.orderNumber} entregue` },
      {
        type: 'paragraph',
        text: `${greeting(order.customerName)} Seu pedido #${order.orderNumber} foi entregue. Bom apetite!`,
      },
      {
        type: 'paragraph',
        text: 'Gostou? Conte para a gente: a sua avaliação ajuda outros clientes a escolher e a nossa cozinha a caprichar ainda mais.',
      },
      { type: 'button', label: 'Avaliar os produtos', href: reviewsUrl(shop.publicUrl) },
      myOrderButton(order, shop),
    ],
  };
}

/** Why a payment that will not come cancelled her order; null: the shop cancelled it. */
function cancelReason(reason: OrderCancelReason | null, shopName: string): string {
  switch (reason) {
    case 'payment_expired':
      return 'O prazo para pagar terminou antes de recebermos o pagamento, então o pedido foi cancelado.';
    case 'payment_rejected':
      return 'O pagamento foi recusado, então o pedido foi cancelado.';
    case 'payment_cancelled':
      return 'O pagamento foi cancelado, então o pedido também foi.';
    case 'payment_failed':
      return 'Não conseguimos gerar o pagamento, então o pedido foi cancelado.';
    case null:
      return `A ${shopName} precisou cancelar o seu pedido. Se tiver alguma dúvida, fale com a gente pelos contatos abaixo.`;
    default:
      return assertNever(reason);
  }
}

function orderCancelled(
  order: OrderFacts,
  reason: OrderCancelReason | null,
  shop: ShopFacts,
): EmailContent {
  const why = cancelReason(reason, shop.settings.name);
  return {
    preview: why,
    blocks: [
      { type: 'heading', text: `Pedido #${order.orderNumber} cancelado` },
      { type: 'paragraph', text: `${greeting(order.customerName)} ${why}` },
      {
        type: 'paragraph',
        text: 'Se você chegou a pagar, o valor será devolvido à parte, e avisaremos você quando isso acontecer.',
      },
      itemsTable(order),
      {
        type: 'paragraph',
        text: 'Quer tentar de novo? É só fazer um novo pedido no nosso cardápio.',
      },
      { type: 'button', label: 'Ver o cardápio', href: menuUrl(shop.publicUrl) },
    ],
  };
}

/** How long her money takes to come back, by how she paid. */
function refundTiming(method: PaymentMethod): string {
  switch (method) {
    case 'pix':
      return 'Como você pagou com Pix, o valor volta para a conta de onde saiu o pagamento.';
    case 'credit_card':
      return 'Como você pagou com cartão de crédito, o estorno pode levar até duas faturas para aparecer, conforme o banco do cartão.';
    case 'debit_card':
      return 'Como você pagou com cartão de débito, o valor volta para a conta do cartão em alguns dias úteis, conforme o banco.';
    case 'boleto':
      return 'Como você pagou com boleto, o prazo depende do banco; se precisarmos de algum dado seu, entraremos em contato.';
    default:
      return assertNever(method);
  }
}

function orderRefunded(
  message: Extract<CustomerMessage, { kind: 'order_refunded' }>,
  shop: ShopFacts,
): EmailContent {
  const { order } = message;
  const amount = money(message.amountCents);
  const note = message.note?.trim();
  return {
    preview: `Devolvemos ${amount} do seu pedido #${order.orderNumber}.`,
    blocks: [
      { type: 'heading', text: `Reembolso do pedido #${order.orderNumber}` },
      {
        type: 'paragraph',
        text: `${greeting(order.customerName)} Devolvemos ${amount} do seu pedido #${order.orderNumber}.`,
      },
      {
        type: 'facts',
        rows: [
          {
            label: 'Valor devolvido',
            value: `${amount} (${message.whole ? 'todo o valor pago' : 'reembolso parcial'})`,
          },
          ...(note ? [{ label: 'Motivo', value: note }] : []),
          { label: 'Pagamento', value: PAYMENT_METHOD_LABELS[order.paymentMethod] },
        ],
      },
      { type: 'paragraph', text: refundTiming(order.paymentMethod) },
      myOrderButton(order, shop),
    ],
  };
}

function reviewApproved(
  message: Extract<CustomerMessage, { kind: 'review_approved' }>,
  shop: ShopFacts,
): EmailContent {
  const stars = message.rating === 1 ? '1 estrela' : `${message.rating} estrelas`;
  const comment = message.comment.trim();
  return {
    preview: `Sua avaliação de ${message.productName} já está publicada.`,
    blocks: [
      { type: 'heading', text: 'Sua avaliação foi publicada' },
      {
        type: 'paragraph',
        text: `${greeting(message.name)} Sua avaliação de ${message.productName} (${stars}) já está publicada. Obrigado por contar como foi!`,
      },
      ...(comment ? [{ type: 'note', text: `“${comment}”` } satisfies Block] : []),
      { type: 'button', label: 'Ver as avaliações', href: reviewsUrl(shop.publicUrl) },
    ],
  };
}
