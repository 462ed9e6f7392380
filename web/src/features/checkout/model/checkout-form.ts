import {
  BOLETO_PAYMENT_METHOD_ID,
  DEFAULT_LAST_NAME,
  maskCep,
  maskCpf,
  maskPhone,
  phoneNationalDigits,
  reaisToCents,
  type CheckoutBody,
  type CheckoutBodyInput,
  type DeliveryQuote,
  type DeliveryType,
  type OrderDto,
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

/** Who pays: the logged-in customer; the order's e-mail is her account's (issue 37). */
export interface CheckoutCustomer {
  id: string;
  email: string;
}

/**
 * The checkout form (spec §3, issue 37's phone and complement), as typed; a
 * radio nobody chose yet is ''. `email` is the account's, shown read-only.
 */
export interface CheckoutForm {
  deliveryType: DeliveryType | '';
  /** Issue 40: the day chosen, `YYYY-MM-DD` ('' none). */
  deliveryDate: string;
  /** Issue 40: the start of the slot chosen on that day, `HH:mm` ('' none). */
  deliveryTime: string;
  /** Issue 40: notes for the kitchen ('Escrever Feliz Aniversário'), optional. */
  notes: string;
  fullName: string;
  docNumber: string;
  email: string;
  phone: string;
  zipCode: string;
  streetName: string;
  streetNumber: string;
  complement: string;
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
  'deliveryTime',
  'phone',
  'zipCode',
  'streetName',
  'streetNumber',
  'complement',
  'neighborhood',
  'city',
  'federalUnit',
  'notes',
  'paymentMethod',
];

export function emptyCheckoutForm(email: string): CheckoutForm {
  return {
    deliveryType: '',
    deliveryDate: '',
    deliveryTime: '',
    notes: '',
    fullName: '',
    docNumber: '',
    email,
    phone: '',
    zipCode: '',
    streetName: '',
    streetNumber: '',
    complement: '',
    neighborhood: '',
    city: '',
    federalUnit: '',
    paymentMethod: '',
  };
}

/**
 * The `deliveryDate` the server takes (spec §7, issue 40): the day and the
 * start of its slot, 'YYYY-MM-DDTHH:mm' in the shop's wall-clock; '' until both are chosen.
 */
export function deliveryDateTime(
  form: Pick<CheckoutForm, 'deliveryDate' | 'deliveryTime'>,
): string {
  return form.deliveryDate && form.deliveryTime ? `${form.deliveryDate}T${form.deliveryTime}` : '';
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

/** The items' total in reais, summed in centavos so that 0.1 + 0.2 is 0.3. */
export function orderTotal(items: readonly CheckoutItem[]): number {
  const cents = items.reduce((sum, item) => sum + reaisToCents(item.unitPrice) * item.quantity, 0);
  return cents / 100;
}

/** What she pays: the items and the delivery fee (reais), added in centavos. */
export function totalWithFee(items: readonly CheckoutItem[], deliveryFee: number): number {
  return (reaisToCents(orderTotal(items)) + reaisToCents(deliveryFee)) / 100;
}

/** A delivery whose items are below its zone's minimum order (issue 37). */
export interface BelowMinimum {
  zone: string;
  minimumOrderCents: number;
}

/** The zone's minimum the items miss, or null (no zone, no minimum, or enough). */
export function belowMinimum(
  quote: DeliveryQuote | undefined,
  itemsTotal: number,
): BelowMinimum | null {
  if (!quote?.available) return null;
  const minimumOrderCents = reaisToCents(quote.minimumOrder);
  return reaisToCents(itemsTotal) < minimumOrderCents
    ? { zone: quote.zone, minimumOrderCents }
    : null;
}

/** The fields the checkout fills in for her from her profile and her last orders. */
const PREFILLED = [
  'fullName',
  'docNumber',
  'phone',
  'zipCode',
  'streetName',
  'streetNumber',
  'complement',
  'neighborhood',
  'city',
  'federalUnit',
] as const satisfies readonly CheckoutField[];

export type CheckoutPrefill = Partial<Pick<CheckoutForm, (typeof PREFILLED)[number]>>;

type PastOrder = Pick<
  OrderDto,
  'deliveryType' | 'customerCpf' | 'customerPhone' | 'customerAddress'
>;

/**
 * Whether a stored phone can be the checkout's (a Brazilian number with its
 * DDD): a profile may keep a foreign one (spec §5: 10 to 15 digits, a plus),
 * which pre-filled would stop even a pickup until she cleared it.
 */
function isBrazilianNumber(stored: string): boolean {
  const text = stored.trim();
  if (text.startsWith('+') && !text.replace(/\D/g, '').startsWith('55')) return false;
  const national = phoneNationalDigits(text);
  return national.length === 10 || national.length === 11;
}

/**
 * Issue 37: her name (the profile), the CPF of her last order, her phone (the
 * profile's when it is a Brazilian number, else the last one an order had) and the address of her last
 * delivery (the profile keeps only a one-line address). `orders` newest first.
 */
export function checkoutPrefill(
  profile: { name: string; phone: string },
  orders: readonly PastOrder[],
): CheckoutPrefill {
  const prefill: CheckoutPrefill = {};
  if (profile.name.trim()) prefill.fullName = profile.name.trim();
  const cpf = orders[0]?.customerCpf;
  if (cpf) prefill.docNumber = maskCpf(cpf);
  const phone = [profile.phone, ...orders.map((order) => order.customerPhone ?? '')].find(
    isBrazilianNumber,
  );
  if (phone) prefill.phone = maskPhone(phone);
  const address = orders.find((order) => order.deliveryType === 'delivery')?.customerAddress;
  if (address) {
    prefill.zipCode = maskCep(address.zipCode);
    prefill.streetName = address.streetName;
    prefill.streetNumber = address.streetNumber;
    prefill.complement = address.complement ?? '';
    prefill.neighborhood = address.neighborhood;
    prefill.city = address.city;
    prefill.federalUnit = address.federalUnit;
  }
  return prefill;
}

/** The prefill put into the fields that are still blank and that she has not typed in. */
export function fillBlanks(
  form: CheckoutForm,
  prefill: CheckoutPrefill,
  typed: ReadonlySet<CheckoutField>,
): CheckoutForm {
  const next = { ...form };
  for (const field of PREFILLED) {
    const value = prefill[field];
    if (value && next[field] === '' && !typed.has(field)) next[field] = value;
  }
  return next;
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
 * A delivery's `total` counts the fee the page showed, sent as `deliveryFee`
 * too (issue 37: the server prices it again, and answers 409 when it differs).
 */
export function checkoutInput(
  form: CheckoutForm,
  items: readonly CheckoutItem[],
  customer: CheckoutCustomer,
  { card, deliveryFee = 0 }: { card?: CardPayment; deliveryFee?: number } = {},
): CheckoutDraft {
  const { firstName, lastName } = splitFullName(form.fullName);
  const cardMethod = isCardMethod(form.paymentMethod);
  const delivery = form.deliveryType === 'delivery';
  const input: CheckoutDraft = {
    userId: customer.id,
    email: form.email,
    docNumber: form.docNumber,
    firstName,
    lastName,
    total: totalWithFee(items, delivery ? deliveryFee : 0),
    items: items.map((item) => ({
      id: item.id,
      title: item.title,
      unit_price: item.unitPrice,
      quantity: item.quantity,
      ...(cardMethod ? {} : { category: item.category }),
    })),
    paymentMethod: form.paymentMethod,
    deliveryType: form.deliveryType,
    deliveryDate: deliveryDateTime(form),
  };
  if (form.notes.trim()) input.notes = form.notes;
  if (delivery) input.deliveryFee = deliveryFee;
  if (form.phone.trim()) input.phone = form.phone;
  if (form.paymentMethod === 'pix') input.paymentMethodId = 'pix';
  if (form.paymentMethod === 'boleto') input.paymentMethodId = BOLETO_PAYMENT_METHOD_ID;
  if (needsAddress(form)) {
    input.address = {
      zipCode: form.zipCode,
      streetName: form.streetName,
      streetNumber: form.streetNumber,
      ...(form.complement.trim() ? { complement: form.complement } : {}),
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
  complement: 'complement',
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
    case 'phone':
    case 'notes':
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
