import {
  BOLETO_PAYMENT_METHOD_ID,
  DEFAULT_LAST_NAME,
  reaisToCents,
  type CheckoutBody,
  type CheckoutBodyInput,
  type DeliveryType,
  type PaymentMethod,
} from '@quitute/contracts';

/** A cart line as the checkout sends it (spec §7 `items`). */
export interface CheckoutItem {
  id: string;
  title: string;
  /** Reais, as the cart shows it. */
  unitPrice: number;
  quantity: number;
  category: string;
}

/** Who pays: the logged-in customer. */
export interface CheckoutCustomer {
  id: string;
  email: string;
}

/** The checkout form (spec §3), as typed; a radio nobody chose yet is ''. */
export interface CheckoutForm {
  deliveryType: DeliveryType | '';
  deliveryDate: string;
  fullName: string;
  docNumber: string;
  email: string;
  zipCode: string;
  streetName: string;
  streetNumber: string;
  neighborhood: string;
  city: string;
  federalUnit: string;
  paymentMethod: PaymentMethod | '';
}

export type CheckoutField = keyof CheckoutForm;
export type CheckoutErrors = Partial<Record<CheckoutField, string>>;

/** The spec's order of the checkout rules (§5): the first broken one is where the customer goes. */
export const FIELD_ORDER: readonly CheckoutField[] = [
  'email',
  'docNumber',
  'fullName',
  'deliveryType',
  'deliveryDate',
  'zipCode',
  'streetName',
  'streetNumber',
  'neighborhood',
  'city',
  'federalUnit',
  'paymentMethod',
];

export function emptyCheckoutForm(email: string): CheckoutForm {
  return {
    deliveryType: '',
    deliveryDate: '',
    fullName: '',
    docNumber: '',
    email,
    zipCode: '',
    streetName: '',
    streetNumber: '',
    neighborhood: '',
    city: '',
    federalUnit: '',
    paymentMethod: '',
  };
}

/** spec §5: the first word is the first name, the rest the last name ('Sobrenome' when there is none). */
export function splitFullName(fullName: string): { firstName: string; lastName: string } {
  const [firstName = '', ...rest] = fullName.trim().split(/\s+/);
  return { firstName, lastName: rest.length > 0 ? rest.join(' ') : DEFAULT_LAST_NAME };
}

/** The address is asked for a delivery, and for a boleto (its payer's address, spec §2). */
export function needsAddress(form: Pick<CheckoutForm, 'deliveryType' | 'paymentMethod'>): boolean {
  return form.deliveryType === 'delivery' || form.paymentMethod === 'boleto';
}

export function isCardMethod(method: PaymentMethod | ''): method is 'credit_card' | 'debit_card' {
  return method === 'credit_card' || method === 'debit_card';
}

/** The order total in reais, summed in centavos so that 0.1 + 0.2 is 0.3. */
export function orderTotal(items: readonly CheckoutItem[]): number {
  const cents = items.reduce((sum, item) => sum + reaisToCents(item.unitPrice) * item.quantity, 0);
  return cents / 100;
}

/** The CEP to look up, or null when it is not 8 digits (spec §5). */
export function cepToLookUp(text: string): string | null {
  const digits = text.replace(/\D/g, '');
  return /^\d{8}$/.test(digits) ? digits : null;
}

/** What a card form hands back: a single-use token and how to charge it. */
export interface CardPayment {
  token: string;
  paymentMethodId: string;
  installments: number;
  issuerId?: string;
  deviceId?: string;
}

/** A checkout body before the schema has checked it: a radio nobody chose is still ''. */
export type CheckoutDraft = Omit<CheckoutBodyInput, 'paymentMethod' | 'deliveryType'> & {
  paymentMethod: PaymentMethod | '';
  deliveryType: DeliveryType | '';
};

/**
 * The body of POST /payments/mercadopago/transparent-checkout (spec §7) for
 * this form, cart and customer. Card bodies carry the token, the card's
 * method id and the installments (debit: always 1), and their items no category.
 */
export function checkoutInput(
  form: CheckoutForm,
  items: readonly CheckoutItem[],
  customer: CheckoutCustomer,
  card?: CardPayment,
): CheckoutDraft {
  const { firstName, lastName } = splitFullName(form.fullName);
  const cardMethod = isCardMethod(form.paymentMethod);
  const input: CheckoutDraft = {
    userId: customer.id,
    email: form.email,
    docNumber: form.docNumber,
    firstName,
    lastName,
    total: orderTotal(items),
    items: items.map((item) => ({
      id: item.id,
      title: item.title,
      unit_price: item.unitPrice,
      quantity: item.quantity,
      ...(cardMethod ? {} : { category: item.category }),
    })),
    paymentMethod: form.paymentMethod,
    deliveryType: form.deliveryType,
    deliveryDate: form.deliveryDate,
  };
  if (form.paymentMethod === 'pix') input.paymentMethodId = 'pix';
  if (form.paymentMethod === 'boleto') input.paymentMethodId = BOLETO_PAYMENT_METHOD_ID;
  if (needsAddress(form)) {
    input.address = {
      zipCode: form.zipCode,
      streetName: form.streetName,
      streetNumber: form.streetNumber,
      neighborhood: form.neighborhood,
      city: form.city,
      federalUnit: form.federalUnit,
    };
  }
  if (card) {
    input.token = card.token;
    input.paymentMethodId = card.paymentMethodId;
    input.installments = form.paymentMethod === 'debit_card' ? 1 : card.installments;
    if (card.issuerId) input.issuerId = card.issuerId;
    if (card.deviceId) input.deviceId = card.deviceId;
  }
  return input;
}

export interface CheckoutProblems {
  errors: CheckoutErrors;
  /** The first field in the spec's order with a message. */
  first: CheckoutField | null;
  /** A message that belongs to no field (the cart's lines, the card data). */
  general: string | null;
}

/** `body` is null when only the card token is missing, before the card form was filled. */
export type CheckoutValidation =
  { ok: true; body: CheckoutBody | null } | ({ ok: false } & CheckoutProblems);

const ADDRESS_FIELDS: Record<string, CheckoutField> = {
  zipCode: 'zipCode',
  streetName: 'streetName',
  streetNumber: 'streetNumber',
  neighborhood: 'neighborhood',
  city: 'city',
  federalUnit: 'federalUnit',
};

export function fieldOf(path: readonly PropertyKey[]): CheckoutField | 'token' | null {
  const [head, next] = path;
  switch (head) {
    case 'email':
    case 'docNumber':
    case 'deliveryType':
    case 'deliveryDate':
    case 'paymentMethod':
      return head;
    case 'firstName':
    case 'lastName':
      return 'fullName';
    case 'address':
      return (typeof next === 'string' ? ADDRESS_FIELDS[next] : undefined) ?? 'zipCode';
    case 'token':
      return 'token';
    default:
      return null;
  }
}
