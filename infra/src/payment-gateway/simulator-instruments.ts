import { shopDate } from '@quitute/contracts';
import { boletoNumbers } from './boleto';
import { pixBrCode } from './pix-brcode';
import type { CreatePaymentRequest } from './port';
import type { QrPngRenderer } from './qr-png';
import { gatewayError, type NewPayment } from './simulator-book';
import type { CardTokens } from './simulator-card-tokens';

const BRADESCO = '237';
/** Never a registered key: a code scanned by a real banking app cannot pay anyone. */
const DEFAULT_PIX_KEY = '00000000-0000-0000-0000-000000000000';

/**
 * What a new payment is, by its instrument: Pix with a real BR Code and QR
 * image, boleto with valid numbers, cards whose outcome the cardholder name
 * picks. Pix and boleto link to the simulator's page for the payment.
 */
export function paymentInstruments(options: {
  pixKey: string | undefined;
  merchantName: string | undefined;
  merchantCity: string | undefined;
  qrPng: QrPngRenderer;
  cardTokens: CardTokens;
  now: () => Date;
}): (id: string, request: CreatePaymentRequest) => Promise<NewPayment> {
  const {
    pixKey = DEFAULT_PIX_KEY,
    merchantName = 'Quitute',
    merchantCity = 'Sao Paulo',
    qrPng,
    cardTokens,
    now,
  } = options;

  function futureExpiry(expiresAt: Date): string {
    if (Number.isNaN(expiresAt.getTime()) || expiresAt.getTime() <= now().getTime()) {
      throw gatewayError.badRequest('A data de expiração do pagamento deve estar no futuro.');
    }
    return expiresAt.toISOString();
  }

  return async (id, request) => {
    const { instrument, payer } = request;
    // Root-relative: the browser opens it on whatever address it reached the shop by (a phone on
    // the LAN, a tunnel), where the simulator's pages are served (embedded, or nginx's /simulator/).
    const pageUrl = `/simulator/payments/${id}`;
    switch (instrument.method) {
      case 'pix': {
        const expiresAt = futureExpiry(instrument.expiresAt);
        const qrCode = pixBrCode({
          key: pixKey,
          merchantName,
          merchantCity,
          amountCents: request.amountCents,
          txid: id,
        });
        return {
          method: 'pix',
          status: 'pending',
          statusDetail: 'pending_waiting_transfer',
          expiresAt,
          pix: { qrCode, qrCodeBase64: await qrPng.render(qrCode), ticketUrl: pageUrl },
        };
      }
      case 'boleto': {
        const address = payer.address;
        const complete =
          /^\d{11}$/.test(payer.cpf) &&
          address !== undefined &&
          /^\d{8}$/.test(address.zipCode) &&
          /^[A-Za-z]{2}$/.test(address.federalUnit) &&
          [address.streetName, address.streetNumber, address.neighborhood, address.city].every(
            (part) => part.trim() !== '',
          );
        if (!complete) {
          throw gatewayError.badRequest(
            'Boleto exige o CPF e o endereço completo do pagador (CEP, rua, número, bairro, cidade e UF).',
          );
        }
        const expiresAt = futureExpiry(instrument.expiresAt);
        // Bradesco's free field: agency (4), wallet (2), "nosso número" (11), account (7), 0.
        const freeField = `3381` + `09` + id.padStart(11, '0').slice(-11) + `0001234` + `0`;
        const numbers = boletoNumbers({
          bankCode: BRADESCO,
          amountCents: request.amountCents,
          dueDate: shopDate(instrument.expiresAt),
          freeField,
        });
        return {
          method: 'boleto',
          status: 'pending',
          statusDetail: 'pending_waiting_payment',
          expiresAt,
          boleto: { url: pageUrl, ...numbers },
        };
      }
      case 'credit_card':
      case 'debit_card':
        return cardTokens.pay(instrument);
    }
  };
}
