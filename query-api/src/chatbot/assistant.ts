import {
  CATEGORIES,
  centsToReais,
  chatbotMessages,
  DELIVERY_TYPE_OPTIONS,
  foldForSearch,
  formatBRL,
  KITS_CATEGORY,
  MIN_LEAD_DAYS,
  MINIMUM_UNITS_PER_ITEM,
  ORDER_STATUS_LABELS,
  PAYMENT_METHOD_LABELS,
  PAYMENT_METHODS,
  PAYMENT_STATUS_LABELS,
  shopDate,
  type Category,
  type DeliveryType,
  type OrderStatus,
  type PaymentStatus,
} from '@quitute/contracts';

/**
 * The shop's built-in chatbot (spec §2, §7): a pure function of the visitor's
 * message and the facts the route gives it — the menu as the menu read model
 * has it, the opening hours from configuration and, for a signed-in customer,
 * their own last order. It recognises what is asked by words (case and accents
 * aside) and may answer several questions of one message at once.
 */

export interface MenuFact {
  name: string;
  priceCents: number;
  category: Category;
  /** A kit's contents. */
  itens: readonly string[];
}

export interface LastOrderFact {
  orderNumber: number;
  orderStatus: OrderStatus;
  paymentStatus: PaymentStatus;
  /** ISO time the order was placed. */
  createdAt: string;
  deliveryType: DeliveryType;
  /** The chosen date and time in the shop's time zone (`2026-11-25T14:30:00-03:00`). */
  deliveryDate: string;
}

/** Who asks: a visitor, or a signed-in customer with their last order (null: none yet). */
export type CustomerFact =
  { signedIn: false } | { signedIn: true; lastOrder: LastOrderFact | null };

export interface ChatbotFacts {
  /** Listed products (active, not deleted), in menu order. */
  menu: readonly MenuFact[];
  openingHours: string;
  customer: CustomerFact;
}

/** Custom (event) orders are best asked for this many days ahead (spec §5, §9). */
const CUSTOM_ORDER_ADVICE_DAYS = '3 a 5';
/** The most products one answer lists. */
const MAX_LISTED_PRODUCTS = 8;

/** Words too common to name a product by ("pão de queijo": pão, queijo). */
const STOPWORDS = new Set(['de', 'do', 'da', 'dos', 'das', 'e', 'com', 'o', 'a', 'os', 'as']);

/** "coxinhas" names the coxinha: a trailing s is dropped from longer words. */
const singular = (word: string) =>
  word.length > 3 && word.endsWith('s') ? word.slice(0, -1) : word;

const wordsOf = (text: string) =>
  foldForSearch(text)
    .split(/[^a-z0-9]+/)
    .filter((word) => word !== '');

/** The message as the rules read it. */
class Question {
  readonly words: readonly string[];
  readonly singulars: readonly string[];
  readonly #text: string;
  readonly #singularText: string;

  constructor(message: string) {
    this.words = wordsOf(message);
    this.singulars = this.words.map(singular);
    this.#text = ` ${this.words.join(' ')} `;
    this.#singularText = ` ${this.singulars.join(' ')} `;
  }

  /** One of these words or phrases, as whole words. */
  has(...phrases: string[]): boolean {
    return phrases.some((phrase) => this.#text.includes(` ${phrase} `));
  }

  /** A word starting with one of these stems ("entreg": entrega, entregam, entregas). */
  stem(...stems: string[]): boolean {
    return this.words.some((word) => stems.some((start) => word.startsWith(start)));
  }

  /** The words in this order, plural or not. */
  mentions(words: readonly string[]): boolean {
    return words.length > 0 && this.#singularText.includes(` ${words.join(' ')} `);
  }
}

const nameWords = (name: string) => wordsOf(name).map(singular);

function asksStatus(q: Question): boolean {
  return (
    q.stem('status', 'rastre', 'acompanh') ||
    q.has(
      'meu pedido',
      'meus pedidos',
      'minha encomenda',
      'minhas encomendas',
      'minha compra',
      'situacao do pedido',
      'andamento do pedido',
      'cade meu',
      'onde esta meu',
    )
  );
}

/** Whether the message asks for the customer's own order (the route then looks it up). */
export function asksForOrderStatus(message: string): boolean {
  return asksStatus(new Question(message));
}

const asksPrice = (q: Question) => q.stem('quanto', 'custa', 'preco', 'valor');

function dayOf(instant: string): string | null {
  const date = new Date(instant);
  if (Number.isNaN(date.getTime())) return null;
  const [year, month, day] = shopDate(date).split('-');
  return `${day}/${month}/${year}`;
}

function deliveryOf(order: LastOrderFact): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})/.exec(order.deliveryDate);
  const kind = DELIVERY_TYPE_OPTIONS[order.deliveryType];
  if (!match) return `${kind}.`;
  const [, year, month, day, hour, minute] = match;
  return `${kind} em ${day}/${month}/${year} às ${hour}:${minute}.`;
}

function statusAnswer(customer: CustomerFact): string {
  if (!customer.signedIn) {
    return 'Para consultar o status do seu pedido, faça login na sua conta e pergunte de novo. Você também pode ver seus pedidos em "Meus Pedidos".';
  }
  const order = customer.lastOrder;
  if (!order) return 'Você ainda não fez nenhum pedido. Que tal conhecer o nosso cardápio?';
  const placed = dayOf(order.createdAt);
  return [
    `Seu último pedido é o #${order.orderNumber}${placed ? `, feito em ${placed}` : ''}.`,
    `Status: ${ORDER_STATUS_LABELS[order.orderStatus]}.`,
    `Pagamento: ${PAYMENT_STATUS_LABELS[order.paymentStatus]}.`,
    deliveryOf(order),
  ].join(' ');
}

const minimumAnswer = () =>
  `O pedido mínimo é de ${MINIMUM_UNITS_PER_ITEM} unidades por item do cardápio. Os kits festa são vendidos por unidade.`;

const leadTimeAnswer = () =>
  `Os pedidos devem ser feitos com pelo menos ${MIN_LEAD_DAYS} dias de antecedência. Para encomendas personalizadas (festas e eventos), recomendamos de ${CUSTOM_ORDER_ADVICE_DAYS} dias de antecedência: faça a sua na página Encomendas.`;

/** "a, b e c" */
function listed(items: readonly string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} e ${items.at(-1) ?? ''}`;
}

const paymentAnswer = () => {
  const methods = PAYMENT_METHODS.map((method) =>
    method === 'pix' ? PAYMENT_METHOD_LABELS[method] : PAYMENT_METHOD_LABELS[method].toLowerCase(),
  );
  return `Aceitamos ${listed(methods)}. A forma de pagamento é escolhida ao finalizar o pedido.`;
};

const deliveryAnswer = () =>
  `Você escolhe ao finalizar o pedido: ${DELIVERY_TYPE_OPTIONS.pickup} ou ${DELIVERY_TYPE_OPTIONS.delivery}, com a data e o horário que preferir (a partir de ${MIN_LEAD_DAYS} dias).`;

const hoursAnswer = (openingHours: string) =>
  `Nosso horário de atendimento: ${openingHours.trim().replace(/\.+$/, '')}.`;

function priceLine(product: MenuFact): string {
  const price = formatBRL(centsToReais(product.priceCents));
  if (product.category === KITS_CATEGORY) {
    const contents = product.itens.length > 0 ? ` (${product.itens.join(', ')})` : '';
    return `${product.name}: ${price}${contents}.`;
  }
  return `${product.name} (${product.category}): ${price} a unidade.`;
}

function productsAnswer(products: readonly MenuFact[]): string {
  const listed = products.slice(0, MAX_LISTED_PRODUCTS).map(priceLine);
  const more = products.length > MAX_LISTED_PRODUCTS ? ' Veja todos no cardápio.' : '';
  const units = products.some((product) => product.category !== KITS_CATEGORY)
    ? ` Pedido mínimo de ${MINIMUM_UNITS_PER_ITEM} unidades por item.`
    : '';
  return `${listed.join(' ')}${units}${more}`;
}

/** Products the message names: whole names first (the longest), else by their words when a price is asked. */
function namedProducts(q: Question, menu: readonly MenuFact[], pricing: boolean): MenuFact[] {
  const whole = menu.filter((product) => q.mentions(nameWords(product.name)));
  if (whole.length > 0) {
    // "brigadeiro de pistache" names that one, not also the plain brigadeiro.
    return whole.filter(
      (product) =>
        !whole.some(
          (other) =>
            other !== product &&
            ` ${nameWords(other.name).join(' ')} `.includes(
              ` ${nameWords(product.name).join(' ')} `,
            ),
        ),
    );
  }
  if (!pricing) return [];
  const scored = menu.map((product) => ({
    product,
    score: nameWords(product.name).filter(
      (word) => !STOPWORDS.has(word) && q.singulars.includes(word),
    ).length,
  }));
  const best = Math.max(0, ...scored.map(({ score }) => score));
  return best === 0
    ? []
    : scored.filter(({ score }) => score === best).map(({ product }) => product);
}

/** Categories the message names: "doces finos", or "salgados" for both kinds of salgados. */
function namedCategories(q: Question): Category[] {
  const exact = CATEGORIES.filter((category) => q.mentions(nameWords(category)));
  if (exact.length > 0) return exact;
  return CATEGORIES.filter((category) => {
    const [head = ''] = nameWords(category);
    return q.singulars.includes(head);
  });
}

function categoryAnswer(categories: readonly Category[], menu: readonly MenuFact[]): string | null {
  const parts = categories.flatMap((category) => {
    const products = menu.filter((product) => product.category === category);
    if (products.length === 0) return [];
    const prices = products
      .slice(0, MAX_LISTED_PRODUCTS)
      .map((product) => `${product.name} ${formatBRL(centsToReais(product.priceCents))}`);
    return [`${category}: ${prices.join('; ')}.`];
  });
  return parts.length > 0 ? parts.join(' ') : null;
}

function menuAnswer(menu: readonly MenuFact[]): string {
  const counts = CATEGORIES.map((category) => ({
    category,
    count: menu.filter((product) => product.category === category).length,
  })).filter(({ count }) => count > 0);
  if (counts.length === 0) return 'Nosso cardápio está sendo atualizado. Volte em breve!';
  const listed = counts.map(({ category, count }) => `${category} (${count})`).join(', ');
  return `Nosso cardápio tem: ${listed}. Pergunte o preço de um item, por exemplo: "quanto custa o brigadeiro?"`;
}

/** The reply to one message, given the facts. */
export function chatbotReply(message: string, facts: ChatbotFacts): string {
  const q = new Question(message);
  const answers: string[] = [];
  const status = asksStatus(q);
  const pricing = asksPrice(q);

  if (status) answers.push(statusAnswer(facts.customer));
  if (q.stem('minim', 'minima') || q.has('menor quantidade', 'quantas unidades')) {
    answers.push(minimumAnswer());
  }

  const products = namedProducts(q, facts.menu, pricing);
  const categories = products.length === 0 ? namedCategories(q) : [];
  if (products.length > 0) answers.push(productsAnswer(products));
  const categoryText = categoryAnswer(categories, facts.menu);
  if (categoryText) answers.push(categoryText);

  const customOrder =
    q.stem('antecedencia', 'prazo', 'personaliz') ||
    q.has('quantos dias', 'com quanto tempo', 'sob medida') ||
    (!status && q.stem('encomend'));
  if (customOrder) answers.push(leadTimeAnswer());
  if (
    q.stem('pagamento', 'pagar', 'pago', 'pix', 'boleto', 'cartao', 'credito', 'debito', 'parcel')
  ) {
    answers.push(paymentAnswer());
  }
  if (q.stem('entreg', 'retir', 'delivery', 'frete') || q.has('buscar', 'busco', 'levar')) {
    answers.push(deliveryAnswer());
  }
  if (
    q.stem('horario', 'funcionamento', 'expediente', 'aberto', 'aberta') ||
    q.has('abre', 'abrem', 'fecha', 'fecham', 'que horas', 'funcionam')
  ) {
    answers.push(hoursAnswer(facts.openingHours));
  }
  if (
    answers.length === 0 &&
    (q.stem('cardapio', 'menu', 'categoria', 'produto', 'opco', 'sabor') ||
      q.has('o que voces vendem', 'o que voces tem', 'o que tem'))
  ) {
    answers.push(menuAnswer(facts.menu));
  }
  if (answers.length === 0 && pricing) {
    answers.push(
      `Me diga o nome do produto, por exemplo: "quanto custa o brigadeiro?". ${menuAnswer(facts.menu)}`,
    );
  }
  if (answers.length === 0 && q.stem('obrigad', 'valeu')) {
    answers.push('Por nada! Se precisar, é só perguntar.');
  }
  if (answers.length === 0 && q.has('oi', 'ola', 'bom dia', 'boa tarde', 'boa noite', 'opa')) {
    answers.push(
      'Olá! Posso ajudar com preços do cardápio, pedido mínimo, prazos, formas de pagamento, entrega ou retirada, horário de atendimento e o status do seu pedido.',
    );
  }
  return answers.length > 0 ? answers.join('\n\n') : chatbotMessages.notUnderstood;
}
