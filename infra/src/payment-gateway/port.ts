/**
 * PaymentGateway port (ARCHITECTURE §2): what the shop needs from a payment
 * provider. Two adapters: Mercado Pago's Payments API (`mercadopago` SDK)
 * and a local simulator that answers like it. Amounts are integer centavos;
 * adapters convert to the provider's decimal reais at their edge.
 */

/** The provider's payment statuses (Mercado Pago's, integration-facts §4.7). */
export const PROVIDER_PAYMENT_STATUSES = [
  'pending',
  'approved',
  'authorized',
  'in_process',
  'in_mediation',
  'rejected',
  'cancelled',
  'refunded',
  'charged_back',
] as const;
export type ProviderPaymentStatus = (typeof PROVIDER_PAYMENT_STATUSES)[number];

/** The spec's payment methods (customer-spec §7: `paymentMethod`). */
export type PaymentMethod = 'pix' | 'boleto' | 'credit_card' | 'debit_card';

export interface PayerAddress {
  zipCode: string; // 8 digits
  streetName: string;
  streetNumber: string;
  neighborhood: string;
  city: string;
  federalUnit: string; // UF, 2 letters
}

export interface Payer {
  email: string;
  firstName: string;
  lastName: string;
  /** CPF, 11 digits. */
  cpf: string;
  /** Required for boleto (BACEN rule, integration-facts §4.5). */
  address?: PayerAddress;
}

export type PaymentInstrument =
  | { method: 'pix'; expiresAt: Date }
  | { method: 'boleto'; expiresAt: Date }
  | {
      method: 'credit_card' | 'debit_card';
      /** Single-use card token made in the browser. */
      token: string;
      /** Card brand as the provider names it (`visa`, `master`, `elo`, …). */
      paymentMethodId: string;
      /** Debit is always 1. */
      installments: number;
      issuerId?: string;
    };

export interface CreatePaymentRequest {
  /** Stable per operation: a retry with the same key returns the same payment. */
  idempotencyKey: string;
  amountCents: number;
  description: string;
  /** Our order id; comes back on every read of the payment. */
  externalReference: string;
  payer: Payer;
  instrument: PaymentInstrument;
  /** Where the provider posts its notifications (our `/payments/webhook`). */
  notificationUrl?: string;
  /** Anti-fraud device session (`X-meli-session-id`). */
  deviceId?: string;
}

export interface PixData {
  /** EMV BR Code, "copia e cola". */
  qrCode: string;
  /** PNG of the QR code, base64 without a data: prefix. */
  qrCodeBase64: string;
  /** Provider's hosted page for this payment, when it has one. */
  ticketUrl?: string;
}

export interface BoletoData {
  /** Page (HTML/PDF) of the boleto. */
  url: string;
  /** 47 digits, no punctuation. */
  digitableLine: string;
  /** 44 digits. */
  barcode: string;
}

/** Mercado Pago's refund statuses (PaymentRefund). */
export type ProviderRefundStatus = 'approved' | 'in_process' | 'rejected' | 'cancelled';

/** One refund of a payment, as the provider reports it (issue 38). */
export interface ProviderRefund {
  /** The provider's id of the refund (Mercado Pago's are numeric; kept as text). */
  id: string;
  amountCents: number;
  /** Only `approved` means the money went back. */
  status: ProviderRefundStatus;
  /** ISO time the provider made it. */
  createdAt: string;
}

/** A payment as the provider reports it: always re-read, never trusted from a webhook body. */
export interface ProviderPayment {
  /** The provider's id (Mercado Pago's are numeric; kept as text). */
  id: string;
  status: ProviderPaymentStatus;
  /** e.g. `accredited`, `pending_waiting_transfer`, `cc_rejected_other_reason`. */
  statusDetail: string;
  method: PaymentMethod;
  amountCents: number;
  externalReference: string;
  /** ISO time the provider expires an unpaid Pix/boleto. */
  expiresAt?: string;
  pix?: PixData;
  boleto?: BoletoData;
  /** ISO time of the provider's last change. */
  updatedAt: string;
  /**
   * Its refunds, whole or partial, made by the shop or at the provider
   * (issue 38); absent or empty when none. A partial refund leaves the status
   * `approved` (detail `partially_refunded`); a whole one makes it `refunded`.
   */
  refunds?: ProviderRefund[];
}

/** A notification after its signature was checked: only says which payment to re-read. */
export type WebhookVerdict =
  | { kind: 'payment'; paymentId: string }
  /** Signed correctly but not about a payment (other topics): acknowledge, do nothing. */
  | { kind: 'ignored' }
  | { kind: 'invalid'; reason: string };

export interface WebhookRequest {
  headers: Record<string, string | string[] | undefined>;
  query: Record<string, unknown>;
  body: unknown;
}

/**
 * Provider refused the request (bad token, rejected data); `status` is the HTTP
 * status it gave (0: no answer). `message` is a diagnostic for the logs;
 * `customerMessage`, when the adapter has one, is pt-BR fit to show a customer.
 */
export class PaymentGatewayError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly retryable: boolean,
    readonly customerMessage?: string,
  ) {
    super(message);
    this.name = 'PaymentGatewayError';
  }
}

export interface PaymentGateway {
  readonly provider: 'mercadopago' | 'simulator';
  create(request: CreatePaymentRequest): Promise<ProviderPayment>;
  /** Null when the provider does not know the id. */
  get(paymentId: string): Promise<ProviderPayment | null>;
  /** Only for payments not yet approved (pending, in_process, authorized). */
  cancel(paymentId: string, idempotencyKey: string): Promise<ProviderPayment>;
  /**
   * Refunds an approved payment, all that is left of it (no amount) or part
   * (issue 38; Mercado Pago's PaymentRefund). The key is stable per refund:
   * the same key again refunds once and answers the same refund.
   */
  refund(
    paymentId: string,
    request: { idempotencyKey: string; amountCents?: number },
  ): Promise<ProviderRefund>;
  /** Checks the `x-signature` of a notification (integration-facts §4.8). */
  verifyWebhook(request: WebhookRequest): WebhookVerdict;
}
