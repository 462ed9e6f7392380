/**
 * The shapes of the answers the shop's pages only show (products, orders,
 * carts, payments), checked at the edge with valibot (a Standard Schema, as RTK Query's
 * rawResponseSchema takes): about 2 kB gzipped for all of them, where the
 * contracts' zod schemas bring zod's 25 kB to every data page (the JavaScript
 * budget, issue 14). zod/mini is no way out: it shares zod's core chunk with
 * the forms' schemas, 15 kB.
 *
 * The shapes are the contracts' DTOs (contracts/src/catalog/dto.ts,
 * ordering/dto.ts, cart/dto.ts); `ResponseShapesMatchContracts` makes the type check fail the day one
 * of them differs from the contracts' type. Forms keep the contracts' own
 * schemas: their rules and messages stay in one place.
 */
import {
  DELIVERY_TYPES,
  ORDER_STATUSES,
  PAYMENT_METHODS,
  PAYMENT_STATUSES,
  type CartDto,
  type CepLookup,
  type DeliveryQuote,
  type OrderDto,
  type PaymentApprovedPush,
  type PaymentResult,
  type PaymentStatusDto,
  type ProductDto,
  type ShopSettingsDto,
} from '@quitute/contracts';
import * as v from 'valibot';

/** `true` only when A and B are the same type (each assignable to the other, exactly). */
export type SameShape<A, B> =
  (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;

/** Compiles only when `Proof` is `true`. */
export type Expect<Proof extends true> = Proof;

export const productResponseSchema = v.object({
  _id: v.string(),
  name: v.string(),
  price: v.number(),
  category: v.string(),
  description: v.string(),
  imageUrl: v.nullable(v.string()),
  isActive: v.boolean(),
  isDeleted: v.boolean(),
  itens: v.optional(v.array(v.string())),
  soldOut: v.boolean(),
});

export const orderResponseSchema = v.object({
  _id: v.string(),
  orderNumber: v.pipe(v.number(), v.integer()),
  items: v.array(
    v.object({
      item: v.object({
        name: v.string(),
        price: v.number(),
        category: v.string(),
        productId: v.string(),
      }),
      quantity: v.pipe(v.number(), v.integer()),
    }),
  ),
  total: v.number(),
  orderStatus: v.picklist(ORDER_STATUSES),
  paymentStatus: v.picklist(PAYMENT_STATUSES),
  deliveryType: v.picklist(DELIVERY_TYPES),
  deliveryDate: v.string(),
  customerName: v.string(),
  customerEmail: v.string(),
  customerPhone: v.nullable(v.string()),
  customerCpf: v.string(),
  deliveryFee: v.number(),
  customerAddress: v.nullable(
    v.object({
      streetName: v.string(),
      streetNumber: v.string(),
      neighborhood: v.string(),
      city: v.string(),
      federalUnit: v.string(),
      zipCode: v.string(),
      complement: v.optional(v.string()),
    }),
  ),
  createdAt: v.string(),
  paymentMethod: v.picklist(PAYMENT_METHODS),
  paymentId: v.nullable(v.string()),
  externalReference: v.string(),
  details: v.string(),
  refundedTotal: v.number(),
  refunds: v.array(v.object({ amount: v.number(), at: v.string(), reason: v.string() })),
  chargeback: v.nullable(v.object({ amount: v.number(), at: v.string() })),
  pendingPayment: v.optional(
    v.object({
      pixQrCode: v.optional(v.string()),
      ticketUrl: v.optional(v.string()),
      boletoUrl: v.optional(v.string()),
      boletoDigitableLine: v.optional(v.string()),
      expiresAt: v.nullable(v.string()),
    }),
  ),
});

export const orderListResponseSchema = v.array(orderResponseSchema);

export const cartResponseSchema = v.object({
  userId: v.string(),
  itens: v.array(
    v.object({
      item: v.object({
        id: v.string(),
        nome: v.string(),
        preco: v.number(),
        categoria: v.string(),
        descricao: v.string(),
        itens: v.optional(v.array(v.string())),
        imageUrl: v.nullable(v.string()),
      }),
      quantidade: v.pipe(v.number(), v.integer(), v.minValue(1)),
    }),
  ),
  position: v.optional(v.pipe(v.number(), v.integer())),
});

const integer = () => v.pipe(v.number(), v.integer());

export const paymentResultResponseSchema = v.object({
  status: v.string(),
  statusDetail: v.string(),
  paymentId: v.nullable(v.string()),
  orderId: v.string(),
  orderNumber: integer(),
  paymentStatus: v.picklist(PAYMENT_STATUSES),
  paymentMethod: v.picklist(PAYMENT_METHODS),
  message: v.string(),
  details: v.optional(v.string()),
  pixQrCode: v.optional(v.string()),
  pixQrCodeBase64: v.optional(v.string()),
  ticketUrl: v.optional(v.string()),
  boletoUrl: v.optional(v.string()),
  boletoDigitableLine: v.optional(v.string()),
  boletoExpirationDate: v.optional(v.string()),
  pixExpirationDate: v.optional(v.string()),
  position: v.optional(integer()),
});

export const paymentStatusResponseSchema = v.object({
  paymentId: v.string(),
  orderId: v.string(),
  orderNumber: integer(),
  paymentStatus: v.picklist(PAYMENT_STATUSES),
  status: v.string(),
  statusDetail: v.string(),
  paymentMethod: v.picklist(PAYMENT_METHODS),
  message: v.string(),
});

export const cepLookupResponseSchema = v.object({
  zipCode: v.string(),
  streetName: v.string(),
  streetNumber: v.string(),
  neighborhood: v.string(),
  city: v.string(),
  federalUnit: v.string(),
});

/** The socket's paymentSuccess / paymentApproved payload. */
export const paymentApprovedPushResponseSchema = v.object({
  orderId: v.string(),
  orderNumber: integer(),
  paymentId: v.nullable(v.string()),
});

/** GET /api/shop: the shop's own settings, read by the layout and the pages at run time (issue 37). */
export const shopSettingsResponseSchema = v.object({
  name: v.string(),
  whatsapp: v.string(),
  phone: v.string(),
  email: v.string(),
  address: v.object({
    zipCode: v.string(),
    streetName: v.string(),
    streetNumber: v.string(),
    complement: v.string(),
    neighborhood: v.string(),
    city: v.string(),
    federalUnit: v.string(),
  }),
  location: v.object({ latitude: v.number(), longitude: v.number() }),
  social: v.object({ instagram: v.string(), facebook: v.string() }),
  openingHoursText: v.string(),
  deliveryZones: v.array(
    v.object({
      name: v.string(),
      zipCodeFrom: v.string(),
      zipCodeTo: v.string(),
      fee: v.number(),
      minimumOrder: v.number(),
    }),
  ),
});

/** GET /api/delivery/quote: the fee of a CEP's zone, or why no zone delivers there. */
export const deliveryQuoteResponseSchema = v.union([
  v.object({
    available: v.literal(true),
    zone: v.string(),
    fee: v.number(),
    minimumOrder: v.number(),
  }),
  v.object({
    available: v.literal(false),
    zone: v.null(),
    fee: v.null(),
    minimumOrder: v.null(),
    message: v.string(),
  }),
]);

/** Fails the type check the day one of these shapes differs from the contracts' DTO. */
export type ResponseShapesMatchContracts = [
  Expect<SameShape<v.InferOutput<typeof productResponseSchema>, ProductDto>>,
  Expect<SameShape<v.InferOutput<typeof orderResponseSchema>, OrderDto>>,
  Expect<SameShape<v.InferOutput<typeof cartResponseSchema>, CartDto>>,
  Expect<SameShape<v.InferOutput<typeof paymentResultResponseSchema>, PaymentResult>>,
  Expect<SameShape<v.InferOutput<typeof paymentStatusResponseSchema>, PaymentStatusDto>>,
  Expect<SameShape<v.InferOutput<typeof cepLookupResponseSchema>, CepLookup>>,
  Expect<SameShape<v.InferOutput<typeof paymentApprovedPushResponseSchema>, PaymentApprovedPush>>,
  Expect<SameShape<v.InferOutput<typeof shopSettingsResponseSchema>, ShopSettingsDto>>,
  Expect<SameShape<v.InferOutput<typeof deliveryQuoteResponseSchema>, DeliveryQuote>>,
];
