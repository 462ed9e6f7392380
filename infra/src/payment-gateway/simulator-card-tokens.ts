import { randomBytes } from 'node:crypto';
import { shopDate } from '@quitute/contracts';
import { validationError } from '../errors';
import type { PaymentInstrument } from './port';
import { gatewayError, type NewPayment } from './simulator-book';
import { cardBrand, cardDigits, cardOutcome, luhnValid, type CardBrand } from './test-cards';

/** What the simulator's card form sends; the strings a person types. */
export interface CardTokenRequest {
  cardNumber: string;
  cardholderName: string;
  /** 1–12. */
  expirationMonth: string;
  /** 2 or 4 digits. */
  expirationYear: string;
  securityCode: string;
  /** Payer's CPF. */
  docNumber: string;
}

export interface CardToken {
  /** Single use, valid for 7 days. */
  id: string;
  /** The brand to send as the payment's `paymentMethodId`. */
  paymentMethodId: CardBrand;
  lastFourDigits: string;
}

const CARD_TOKEN_TTL_MS = 7 * 24 * 3600_000;
/** Live tokens kept at most: past it the oldest goes (a card form pays within minutes). */
export const MAX_LIVE_CARD_TOKENS = 1_000;
const MAX_CREDIT_INSTALLMENTS = 12;

interface StoredCardToken {
  brand: CardBrand;
  cardholderName: string;
  expiresAtMs: number;
  used: boolean;
}

type CardInstrument = Extract<PaymentInstrument, { method: 'credit_card' | 'debit_card' }>;

export interface CardTokens {
  /** What MercadoPago.js does in the browser; 400 AppErrors with pt-BR messages per field. */
  create(request: CardTokenRequest): CardToken;
  /** Spends the instrument's token: the outcome its cardholder name picks (test-cards.ts). */
  pay(instrument: CardInstrument): NewPayment;
  /** Forgets the tokens used or expired. */
  sweep(): void;
}

/**
 * The simulator's card tokenizer. Tokens live in memory only (a restart asks
 * the customer to type the card again, as an expired token would).
 */
export function createCardTokens(now: () => Date): CardTokens {
  const tokens = new Map<string, StoredCardToken>();

  function create(request: CardTokenRequest): CardToken {
    const errors: Record<string, string> = {};
    const cardholderName = request.cardholderName.trim();
    if (cardholderName === '') errors.cardholderName = 'Nome do titular é obrigatório.';
    const number = cardDigits(request.cardNumber);
    const brand = cardBrand(number);
    if (!luhnValid(number)) errors.cardNumber = 'Número do cartão inválido.';
    else if (!brand) errors.cardNumber = 'Bandeira do cartão não aceita.';
    const month = /^\d{1,2}$/.test(request.expirationMonth) ? Number(request.expirationMonth) : 0;
    const year = /^(\d{2}|\d{4})$/.test(request.expirationYear)
      ? Number(request.expirationYear.padStart(4, '20'))
      : 0;
    const [thisYear = 0, thisMonth = 0] = shopDate(now()).split('-').map(Number);
    if (month < 1 || month > 12) {
      errors.expirationMonth = 'Data de validade inválida.';
    } else if (year === 0) {
      errors.expirationYear = 'Data de validade inválida.';
    } else if (year * 12 + month < thisYear * 12 + thisMonth) {
      // A card is good until the last day of its month.
      errors.expirationYear = 'Cartão vencido.';
    }
    if (!(brand === 'amex' ? /^\d{4}$/ : /^\d{3}$/).test(request.securityCode)) {
      errors.securityCode = 'Código de segurança inválido.';
    }
    if (!/^\d{11}$/.test(request.docNumber.replace(/[.\-\s]/g, ''))) {
      errors.docNumber = 'CPF inválido';
    }
    const [firstError] = Object.values(errors);
    if (firstError !== undefined || !brand) {
      throw validationError(firstError ?? 'Bandeira do cartão não aceita.', errors);
    }
    const id = randomBytes(16).toString('hex');
    // A Map keeps insertion order: the first key is the oldest token.
    for (const oldest of tokens.keys()) {
      if (tokens.size < MAX_LIVE_CARD_TOKENS) break;
      tokens.delete(oldest);
    }
    tokens.set(id, {
      brand,
      cardholderName,
      expiresAtMs: now().getTime() + CARD_TOKEN_TTL_MS,
      used: false,
    });
    return { id, paymentMethodId: brand, lastFourDigits: number.slice(-4) };
  }

  function pay(instrument: CardInstrument): NewPayment {
    const token = tokens.get(instrument.token);
    if (!token || token.used || token.expiresAtMs <= now().getTime()) {
      throw gatewayError.badRequest('Token do cartão inválido, expirado ou já usado.');
    }
    // Mercado Pago names debit brands `debvisa`, `debmaster`, `debelo`.
    if (![token.brand, `deb${token.brand}`].includes(instrument.paymentMethodId)) {
      throw gatewayError.badRequest('A bandeira informada não corresponde ao cartão.');
    }
    token.used = true;
    const validInstallments =
      Number.isInteger(instrument.installments) &&
      (instrument.method === 'debit_card'
        ? instrument.installments === 1
        : instrument.installments >= 1 && instrument.installments <= MAX_CREDIT_INSTALLMENTS);
    const outcome = validInstallments
      ? cardOutcome(token.cardholderName)
      : { status: 'rejected' as const, statusDetail: 'cc_rejected_invalid_installments' };
    return { method: instrument.method, ...outcome };
  }

  function sweep(): void {
    const at = now().getTime();
    for (const [id, token] of tokens) {
      if (token.used || token.expiresAtMs <= at) tokens.delete(id);
    }
  }

  return { create, pay, sweep };
}
