import { z } from 'zod';
import { EMAIL_MAX_LENGTH, EMAIL_PATTERN, normalizeEmail } from '../accounts/constants';
import { MAX_CART_LINES, MAX_UNITS_PER_LINE } from '../cart/constants';
import { cartMessages } from '../cart/messages';
import { PAYMENT_METHODS, PAYMENT_STATUSES } from '../payments/constants';
import { paymentMessages } from '../payments/messages';
import { messages } from '../shared/messages';
import { cepMatchesState } from '../shared/cep-states';
import { brazilianPhoneField } from '../shared/phone-field';
import { textField } from '../shared/text';
import {
  DELIVERY_TYPES,
  MAX_ORDERS_PER_REQUEST,
  ORDER_DATE_FILTERS,
  ORDER_STATUSES,
  ORDER_NOTES_MAX_LENGTH,
} from './constants';
import { isValidCpf, cpfDigits } from './cpf';
import { parseShopDateTime, shopDate } from '../shared/shop-time';
import { earliestDeliveryDate } from './dates';
import { checkoutMessages as m, minimumDateMessage } from './messages';

/**
 * HTTP shapes of checkout, payments and orders (spec §3, §7), shared by the
 * server and the web app. Money crosses HTTP in reais, as the spec names it.
 */

const text = (required: string, max = 200) =>
  textField({ required }).trim().min(1, required).max(max, required);

const emailField = textField({ required: m.emailRequired })
  .transform(normalizeEmail)
  .pipe(
    z
      .string()
      .min(1, m.emailRequired)
      .max(EMAIL_MAX_LENGTH, m.invalidEmail)
      .regex(EMAIL_PATTERN, m.invalidEmail),
  );

const cpfField = textField({ required: m.invalidCpf })
  .max(20, m.invalidCpf)
  .transform(cpfDigits)
  .refine(isValidCpf, m.invalidCpf);

/** spec §7: address of a delivery or a boleto's payer. */
export const checkoutAddressSchema = z
  .object({
    zipCode: textField({ required: m.zipCodeRequired })
      .max(20, m.invalidCep)
      .transform((value) => value.replace(/\D/g, ''))
      .pipe(
        z
          .string()
          .min(1, m.zipCodeRequired)
          .regex(/^\d{8}$/, m.invalidCep),
      ),
    streetName: text(m.streetRequired),
    streetNumber: text(m.numberRequired, 20),
    neighborhood: text(m.neighborhoodRequired, 100),
    city: text(m.cityRequired, 100),
    federalUnit: textField({ required: m.federalUnitRequired })
      .trim()
      .toUpperCase()
      .pipe(z.string().regex(/^[A-Z]{2}$/, m.federalUnitRequired)),
    complement: textField().trim().max(100).optional(),
  })
  // A delivery is priced by its CEP: a street in one state under another state's CEP is refused.
  .refine((address) => cepMatchesState(address.zipCode, address.federalUnit), {
    message: m.cepStateMismatch,
    path: ['federalUnit'],
  });
export type CheckoutAddress = z.infer<typeof checkoutAddressSchema>;

/** A line as the checkout page sends it; only a way to name a product (prices come from the catalogue). */
export const checkoutItemSchema = z.object({
  id: z
    .union([textField().trim().max(100), z.number().int().nonnegative().max(1e9)])
    .nullish()
    .transform((id) => (id === null || id === undefined ? undefined : String(id))),
  title: text(cartMessages.invalidItem),
  unit_price: z.number(cartMessages.invalidItem).finite(cartMessages.invalidItem),
  quantity: z
    .number(cartMessages.invalidItem)
    .int(cartMessages.invalidItem)
    .positive(cartMessages.invalidItem)
    .max(MAX_UNITS_PER_LINE, cartMessages.tooManyUnits),
  category: textField().max(100).optional(),
});

/**
 * POST /payments/mercadopago/transparent-checkout (spec §7). `deliveryDate` is a
 * wall-clock time in the shop (`2026-11-25T14:30`, what the date-time input
 * gives) or an ISO time; the two-day rule depends on today, so the schema is
 * made for a moment (`checkoutBodySchema(now)`). Card methods carry the card
 * token; a debit card always pays in one installment.
 */
export function checkoutBodySchema(now: Date) {
  // Building the schema costs more than parsing with it: one per earliest date.
  const earliest = earliestDeliveryDate(now);
  if (lastSchema?.earliest !== earliest)
    lastSchema = { earliest, schema: buildCheckoutSchema(earliest) };
  return lastSchema.schema;
}

let lastSchema: { earliest: string; schema: ReturnType<typeof buildCheckoutSchema> } | undefined;

function buildCheckoutSchema(earliest: string) {
  return z
    .strictObject({
      userId: textField({ required: messages.invalidRequest }).max(100, messages.invalidRequest),
      email: emailField,
      docNumber: cpfField,
      firstName: text(m.fullNameRequired, 100),
      lastName: textField().trim().max(100, messages.invalidRequest).optional(),
      total: z.number(messages.invalidRequest).finite(messages.invalidRequest),
      items: z
        .array(checkoutItemSchema, messages.invalidRequest)
        .max(MAX_CART_LINES, cartMessages.tooManyLines)
        .optional(),
      paymentMethod: z.enum(PAYMENT_METHODS, paymentMessages.methodNotDetected),
      paymentMethodId: textField().trim().max(50, messages.invalidRequest).optional(),
      deliveryType: z.enum(DELIVERY_TYPES, m.deliveryTypeRequired),
      deliveryDate: textField({ required: m.dateRequired })
        .trim()
        .min(1, m.dateRequired)
        .max(40, m.dateRequired)
        .refine((value) => parseShopDateTime(value) !== null, m.dateRequired)
        .refine((value) => {
          const instant = parseShopDateTime(value);
          return instant === null || shopDate(instant) >= earliest;
        }, minimumDateMessage(earliest)),
      deviceId: textField().max(200, messages.invalidRequest).optional(),
      address: checkoutAddressSchema.optional(),
      /** Issue 40: notes for the kitchen, on the production list ('' or absent: none). */
      notes: textField({ multiline: true })
        .trim()
        .max(ORDER_NOTES_MAX_LENGTH, m.notesTooLong)
        .optional(),
      /** Issue 37: a number to call about the order; required for delivery. */
      phone: brazilianPhoneField(m.phoneInvalid).optional(),
      /**
       * What the page showed as the delivery fee. Ignored: the server prices the
       * fee from the CEP, and a `total` without it is answered with the real total.
       */
      deliveryFee: z.number(messages.invalidRequest).finite(messages.invalidRequest).optional(),
      token: textField().trim().max(200, messages.invalidRequest).optional(),
      installments: z
        .number(messages.invalidRequest)
        .int(messages.invalidRequest)
        .min(1, messages.invalidRequest)
        .max(12, messages.invalidRequest)
        .optional(),
      issuerId: z
        .union([textField().max(20), z.number().int().nonnegative()], messages.invalidRequest)
        .transform(String)
        .optional(),
    })
    .superRefine((body, context) => {
      if ((body.deliveryType === 'delivery' || body.paymentMethod === 'boleto') && !body.address) {
        context.addIssue({ code: 'custom', path: ['address'], message: m.zipCodeRequired });
      }
      if (body.deliveryType === 'delivery' && !body.phone) {
        context.addIssue({ code: 'custom', path: ['phone'], message: m.phoneRequired });
      }
      const card = body.paymentMethod === 'credit_card' || body.paymentMethod === 'debit_card';
      if (card && (!body.token || !body.paymentMethodId)) {
        context.addIssue({ code: 'custom', path: ['token'], message: m.cardTokenRequired });
      }
    });
}
export type CheckoutBody = z.infer<ReturnType<typeof checkoutBodySchema>>;
export type CheckoutBodyInput = z.input<ReturnType<typeof checkoutBodySchema>>;

/**
 * The checkout's answer, the spec's payment result (§3): `status` is the
 * provider's (approved, pending, in_process, rejected…), `paymentStatus` the
 * shop's. `paymentId` is the provider's payment id, the one the customer and the
 * shop see everywhere (polling, cancel, order details).
 */
export const paymentResultSchema = z.object({
  status: z.string(),
  statusDetail: z.string(),
  paymentId: z.string().nullable(),
  orderId: z.string(),
  orderNumber: z.number().int(),
  paymentStatus: z.enum(PAYMENT_STATUSES),
  paymentMethod: z.enum(PAYMENT_METHODS),
  message: z.string(),
  details: z.string().optional(),
  pixQrCode: z.string().optional(),
  pixQrCodeBase64: z.string().optional(),
  /** The provider's page for this payment (the simulator's "Simular pagamento"). */
  ticketUrl: z.string().optional(),
  boletoUrl: z.string().optional(),
  boletoDigitableLine: z.string().optional(),
  boletoExpirationDate: z.string().optional(),
  /** Until when the Pix can be paid (ISO), shown as 'Pague até HH:mm'. */
  pixExpirationDate: z.string().optional(),
  position: z.number().int().optional(),
});
export type PaymentResult = z.infer<typeof paymentResultSchema>;

/** GET /payments/process-payment/{paymentId} (polled every 5 s). */
export const paymentStatusDtoSchema = z.object({
  paymentId: z.string(),
  orderId: z.string(),
  orderNumber: z.number().int(),
  paymentStatus: z.enum(PAYMENT_STATUSES),
  status: z.string(),
  statusDetail: z.string(),
  paymentMethod: z.enum(PAYMENT_METHODS),
  message: z.string(),
});
export type PaymentStatusDto = z.infer<typeof paymentStatusDtoSchema>;

/** POST /payments/cancel-payment */
export const cancelPaymentBodySchema = z.strictObject({
  paymentId: textField({ required: messages.invalidRequest })
    .trim()
    .min(1, messages.invalidRequest)
    .max(64, messages.invalidRequest),
});

/** GET /api/orders (spec §7): own orders, newest first, an array. */
export const ordersQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(MAX_ORDERS_PER_REQUEST).optional(),
  orderStatus: z.enum(ORDER_STATUSES).optional(),
  dateFilter: z.coerce
    .number()
    .refine((days) => (ORDER_DATE_FILTERS as readonly number[]).includes(days))
    .optional(),
});
export type OrdersQuery = z.infer<typeof ordersQuerySchema>;

/** An order as the customer and the admin see it (spec §3, admin-spec §3); money in reais. */
export const orderDtoSchema = z.object({
  _id: z.string(),
  orderNumber: z.number().int(),
  items: z.array(
    z.object({
      item: z.object({
        name: z.string(),
        price: z.number(),
        category: z.string(),
        productId: z.string(),
      }),
      quantity: z.number().int(),
    }),
  ),
  total: z.number(),
  orderStatus: z.enum(ORDER_STATUSES),
  paymentStatus: z.enum(PAYMENT_STATUSES),
  deliveryType: z.enum(DELIVERY_TYPES),
  deliveryDate: z.string(),
  customerName: z.string(),
  customerEmail: z.string(),
  /** Issue 37: the number to call about the order (digits, DDD included); null on orders from before it. */
  customerPhone: z.string().nullable(),
  /** The CPF the order was placed with (11 digits): the next checkout's default. */
  customerCpf: z.string(),
  /** Issue 37: the delivery fee (reais) inside `total`; 0 for pickup. */
  deliveryFee: z.number(),
  customerAddress: z
    .object({
      streetName: z.string(),
      streetNumber: z.string(),
      neighborhood: z.string(),
      city: z.string(),
      federalUnit: z.string(),
      zipCode: z.string(),
      complement: z.string().optional(),
    })
    .nullable(),
  createdAt: z.string(),
  paymentMethod: z.enum(PAYMENT_METHODS),
  /** The provider's payment id (null until the provider answered). */
  paymentId: z.string().nullable(),
  externalReference: z.string(),
  /** What the customer should know (payment message; refund notice). */
  details: z.string(),
  /** Issue 38: the money given back to her so far (reais): the refunds that went through. */
  refundedTotal: z.number(),
  /** Those refunds, oldest first: amount in reais, when the money moved (ISO), the reason shown. */
  refunds: z.array(z.object({ amount: z.number(), at: z.string(), reason: z.string() })),
  /** The charge she disputed, taken back by the provider (chargeback); null otherwise. */
  chargeback: z.object({ amount: z.number(), at: z.string() }).nullable(),
  /**
   * How to pay while the payment waits for the customer (a Pix to pay, a boleto), so she
   * can pay after leaving the checkout; absent otherwise.
   */
  pendingPayment: z
    .object({
      pixQrCode: z.string().optional(),
      ticketUrl: z.string().optional(),
      boletoUrl: z.string().optional(),
      boletoDigitableLine: z.string().optional(),
      /** ISO: the Pix's expiry or the boleto's due date, when the provider gave one. */
      expiresAt: z.string().nullable(),
    })
    .optional(),
});
export type OrderDto = z.infer<typeof orderDtoSchema>;
export const orderListSchema = z.array(orderDtoSchema);

/** GET /api/cep/{cep} (spec §3: address lookup result). */
export const cepLookupSchema = z.object({
  zipCode: z.string(),
  streetName: z.string(),
  streetNumber: z.string(),
  neighborhood: z.string(),
  city: z.string(),
  federalUnit: z.string(),
});
export type CepLookup = z.infer<typeof cepLookupSchema>;

/** Payload of the socket events paymentSuccess / paymentApproved (spec §7). */
export const paymentApprovedPushSchema = z.object({
  orderId: z.string(),
  orderNumber: z.number().int(),
  paymentId: z.string().nullable(),
});
export type PaymentApprovedPush = z.infer<typeof paymentApprovedPushSchema>;
