import { formatDateBR } from '../schedule/messages';
import type { NotificationChannel, NotificationKind } from './constants';
import type { NotificationStatus } from './read-model';

/** Notification texts (issue 41), pt-BR: answers, labels and the e-mails' subjects. */
export const notificationMessages = {
  unsubscribeInvalid: 'Link de descadastro inválido.',
  unsubscribed:
    'Pronto: você não receberá mais e-mails sobre seus pedidos. Você pode reativá-los em Preferências.',
  alreadyUnsubscribed: 'Você já não recebe e-mails sobre seus pedidos.',
  confirmationInvalid: 'Link de confirmação inválido.',
  confirmationExpired: 'Este link de confirmação expirou. Peça um novo no seu perfil.',
  /** The link confirms an address the account no longer has (it was changed since). */
  confirmationStale: 'Este link confirma um e-mail que não é mais o da sua conta.',
  emailConfirmed: 'E-mail confirmado com sucesso!',
  alreadyConfirmed: 'Seu e-mail já está confirmado.',
  confirmationSent: 'Enviamos um novo link de confirmação para o seu e-mail.',
  /** The profile's notice while the account's address is not confirmed, and its button. */
  emailNotConfirmed: 'Confirme seu e-mail para receber as notificações dos seus pedidos.',
  resendConfirmation: 'Reenviar link de confirmação',
  notificationNotFound: 'Notificação não encontrada.',
  retryNotFailed: 'Só é possível reenviar uma notificação que falhou.',
  retryRequested: 'Reenvio solicitado.',
  dailySummaryTimeInvalid: 'Informe o horário do resumo diário no formato HH:MM.',
  /** The admin area: the new-order alert's controls. */
  soundToggle: 'Som para novos pedidos',
  enableBrowserNotifications: 'Ativar notificações do navegador',
  browserNotificationsDenied: 'As notificações do navegador estão bloqueadas neste navegador.',
  notificationsPageTitle: 'Notificações',
  retry: 'Reenviar',
  noNotifications: 'Nenhuma notificação encontrada.',
} as const;

export const NOTIFICATION_KIND_LABELS: Readonly<Record<NotificationKind, string>> = {
  email_confirmation: 'Confirmação de e-mail',
  order_received: 'Pedido recebido',
  payment_approved: 'Pagamento aprovado',
  order_processing: 'Pedido em preparação',
  order_ready_for_pickup: 'Pronto para retirada',
  order_in_transit: 'Saiu para entrega',
  order_delivered: 'Pedido entregue',
  order_cancelled: 'Pedido cancelado',
  order_refunded: 'Reembolso',
  review_approved: 'Avaliação publicada',
  shop_new_order: 'Novo pedido (loja)',
  shop_daily_summary: 'Resumo da produção (loja)',
};

export const NOTIFICATION_CHANNEL_LABELS: Readonly<Record<NotificationChannel, string>> = {
  email: 'E-mail',
  sms: 'SMS',
};

export const NOTIFICATION_STATUS_LABELS: Readonly<Record<NotificationStatus, string>> = {
  sending: 'Enviando',
  retrying: 'Nova tentativa agendada',
  sent: 'Enviada',
  failed: 'Falhou',
};

/** What an interrupted attempt's error reads (the admin decides whether to send it again). */
export const INTERRUPTED_ATTEMPT_ERROR =
  'Envio interrompido: o serviço parou durante o envio e a mensagem pode ter sido entregue. Confira antes de reenviar.';

/**
 * An e-mail's subject by kind. `orderNumber` for the order kinds, `date`
 * (YYYY-MM-DD) for the daily summary; the shop's name ends the customer's.
 */
export function notificationSubject(
  kind: NotificationKind,
  values: { shopName: string; orderNumber?: number | null; date?: string },
): string {
  const n = `#${values.orderNumber ?? ''}`;
  const shop = values.shopName;
  switch (kind) {
    case 'email_confirmation':
      return `Confirme seu e-mail — ${shop}`;
    case 'order_received':
      return `Pedido recebido — ${n} — ${shop}`;
    case 'payment_approved':
      return `Pagamento aprovado — pedido ${n} — ${shop}`;
    case 'order_processing':
      return `Pedido ${n} em preparação — ${shop}`;
    case 'order_ready_for_pickup':
      return `Pedido ${n} pronto para retirada — ${shop}`;
    case 'order_in_transit':
      return `Pedido ${n} saiu para entrega — ${shop}`;
    case 'order_delivered':
      return `Pedido ${n} entregue — ${shop}`;
    case 'order_cancelled':
      return `Pedido ${n} cancelado — ${shop}`;
    case 'order_refunded':
      return `Reembolso do pedido ${n} — ${shop}`;
    case 'review_approved':
      return `Sua avaliação foi publicada — ${shop}`;
    case 'shop_new_order':
      return `Novo pedido pago — ${n}`;
    case 'shop_daily_summary':
      return `Produção de ${values.date ? formatDateBR(values.date) : ''}`;
  }
}
