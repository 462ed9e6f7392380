import {
  CATEGORIES,
  centsToReais,
  chatbotMessages,
  type ChatbotLink,
  type ChatbotReply,
  DELIVERY_TYPE_OPTIONS,
  formatBRL,
  formatCep,
  formatPhone,
  KITS_CATEGORY,
  MINIMUM_UNITS_PER_ITEM,
  ORDER_STATUS_LABELS,
  PAYMENT_METHOD_LABELS,
  PAYMENT_METHODS,
  PAYMENT_STATUS_LABELS,
  shopDate,
  type Category,
  type ShopSettings,
  type DeliveryType,
  type OrderStatus,
  type PaymentStatus,
} from '@quitute/contracts';
import { quantitiesIn, sameWord, singular, wordsOf, type QuantityMention } from './words';

/**
 * The shop's built-in chatbot (spec §2, §7): a pure function of the visitor's
 * message and the facts the route gives it — the menu as the menu read model
 * has it, the shop's name, contacts and address as its settings read model has
 * them, the hours and lead time as the kitchen's calendar has them (the admin
 * edits both) and, for a signed-in customer,
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

/** What the assistant tells of the shop itself, from its settings at answer time. */
export type ShopFact = Pick<
  ShopSettings,
  'name' | 'whatsapp' | 'phone' | 'email' | 'address' | 'deliveryZones'
>;

/** What the assistant tells of the kitchen's calendar (issue 40), at answer time. */
export interface CalendarFact {
  /** scheduleHoursText: 'segunda a sábado, das 9h às 18h'. */
  hoursText: string;
  /** The fewest days ahead an order may be booked for. */
  leadDays: number;
}

export interface ChatbotFacts {
  /** Listed products (active, not deleted), in menu order. */
  menu: readonly MenuFact[];
  shop: ShopFact;
  calendar: CalendarFact;
  customer: CustomerFact;
}

/** Custom (event) orders are best asked for this many days ahead (spec §5, §9). */
const CUSTOM_ORDER_ADVICE_DAYS = '3 a 5';
/** The most products one answer lists. */
const MAX_LISTED_PRODUCTS = 8;

/** Words too common to name a product by ("pão de queijo": pão, queijo). */
const STOPWORDS = new Set(['de', 'do', 'da', 'dos', 'das', 'e', 'com', 'o', 'a', 'os', 'as']);

/** A stretch of the message's words (indexes; `end` is past the last). */
interface Span {
  start: number;
  end: number;
}

/** The message as the rules read it. */
class Question {
  readonly words: readonly string[];
  readonly singulars: readonly string[];
  readonly quantities: readonly QuantityMention[];
  readonly #text: string;
  readonly #singularText: string;

  constructor(message: string) {
    this.words = wordsOf(message);
    this.singulars = this.words.map(singular);
    this.quantities = quantitiesIn(this.words);
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

  /** Where the (singular) words appear in this order, plural, misspelt or not; null if nowhere. */
  find(words: readonly string[]): Span | null {
    if (words.length === 0) return null;
    for (let start = 0; start + words.length <= this.singulars.length; start += 1) {
      if (words.every((word, offset) => sameWord(this.singulars[start + offset] ?? '', word))) {
        return { start, end: start + words.length };
      }
    }
    return null;
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

const leadTimeAnswer = ({ leadDays }: CalendarFact) =>
  `Os pedidos devem ser feitos com pelo menos ${leadDays} dias de antecedência. Para encomendas personalizadas (festas e eventos), recomendamos de ${CUSTOM_ORDER_ADVICE_DAYS} dias de antecedência: faça a sua na página Encomendas.`;

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

/** 'Rua Cardeal Arcoverde, 1200, sala 2 – Pinheiros, São Paulo/SP, CEP 05407-002' */
function addressLine({ address }: ShopFact): string {
  const street = [address.streetName, address.streetNumber, address.complement]
    .map((part) => part.trim())
    .filter((part) => part !== '')
    .join(', ');
  return `${street} – ${address.neighborhood}, ${address.city}/${address.federalUnit}, CEP ${formatCep(address.zipCode)}`;
}

function deliveryAnswer(shop: ShopFact, { leadDays }: CalendarFact): string {
  const choice = `Você escolhe ao finalizar o pedido: ${DELIVERY_TYPE_OPTIONS.pickup} ou ${DELIVERY_TYPE_OPTIONS.delivery}, com a data e o horário que preferir (a partir de ${leadDays} dias).`;
  // Only when some zone charges: with free delivery everywhere, a fee sentence would mislead.
  const fee = shop.deliveryZones.some((zone) => zone.feeCents > 0 || zone.minimumOrderCents > 0)
    ? ' A taxa de entrega e o pedido mínimo dependem do CEP: o valor aparece ao finalizar o pedido.'
    : '';
  return `${choice}${fee} A retirada é em ${addressLine(shop)}.`;
}

const hoursAnswer = ({ hoursText }: CalendarFact) =>
  `Nosso horário de atendimento: ${hoursText.trim().replace(/\.+$/, '')}.`;

function contactAnswer(shop: ShopFact): string {
  const phone = shop.phone === shop.whatsapp ? '' : `, pelo telefone ${formatPhone(shop.phone)}`;
  return `Fale conosco pelo WhatsApp ${formatPhone(shop.whatsapp)}${phone} ou pelo e-mail ${shop.email}.`;
}

const addressAnswer = (shop: ShopFact) => `${shop.name} fica em ${addressLine(shop)}.`;

function priceLine(product: MenuFact): string {
  const price = formatBRL(centsToReais(product.priceCents));
  if (product.category === KITS_CATEGORY) {
    const contents = product.itens.length > 0 ? ` (${product.itens.join(', ')})` : '';
    return `${product.name}: ${price}${contents}.`;
  }
  return `${product.name} (${product.category}): ${price} a unidade.`;
}

/** A product the message names: the words that name it, and how many it asks for (null: not said). */
interface NamedProduct {
  product: MenuFact;
  /** Indexes of the message's words that name it. */
  words: ReadonlySet<number>;
  quantity: number | null;
}

/** Words that name no product on their own: every order is for a party. */
const NOT_A_NAME = new Set([...STOPWORDS, 'festa']);

/** Words that may stand between a quantity and what it counts: "100 unidades de coxinha". */
const COUNTED_BY = new Set(['de', 'do', 'da', 'unidade', 'un', 'und', 'salgado', 'doce']);

function indexesOf(span: Span): Set<number> {
  const indexes = new Set<number>();
  for (let index = span.start; index < span.end; index += 1) indexes.add(index);
  return indexes;
}

const isSubset = (small: ReadonlySet<number>, large: ReadonlySet<number>) =>
  [...small].every((index) => large.has(index));

/**
 * The words naming a product: its whole name ("coxinha de frango"), else, when
 * `loose`, each word of its name the message says ("coxinhas": the coxinha de
 * frango; "queijo": every product with queijo in its name).
 */
function wordsNaming(
  q: Question,
  product: MenuFact,
  loose: boolean,
): { words: Set<number>; whole: boolean } {
  const name = nameWords(product.name);
  const whole = q.find(name);
  if (whole) return { words: indexesOf(whole), whole: true };
  const found = new Set<number>();
  if (!loose) return { words: found, whole: false };
  for (const word of name) {
    if (NOT_A_NAME.has(word) || /\d/.test(word)) continue;
    q.singulars.forEach((typed, index) => {
      if (sameWord(typed, word)) found.add(index);
    });
  }
  return { words: found, whole: false };
}

/** The quantity said right before the product ("100 coxinhas", "cem unidades de coxinha") or right after it. */
function quantityFor(
  q: Question,
  named: ReadonlySet<number>,
  taken: ReadonlySet<number>,
): number | null {
  const first = Math.min(...named);
  const last = Math.max(...named);
  const free = q.quantities.filter((quantity) => !taken.has(quantity.start));
  const before = free.find(
    (quantity) =>
      quantity.end <= first &&
      q.singulars.slice(quantity.end, first).every((word) => COUNTED_BY.has(word)),
  );
  if (before) return before.value;
  const after = free.find(
    (quantity) =>
      quantity.start === last + 1 &&
      (quantity.end === q.words.length || q.singulars[quantity.end] === 'unidade'),
  );
  return after?.value ?? null;
}

/**
 * Products the message names, in the order it names them: a product named by
 * words that name another more fully is left out ("brigadeiro de pistache" is
 * not also the brigadeiro; "pão de queijo" not also the pastel de queijo; "brigadeiro"
 * not also the brigadeiro de pistache).
 */
function namedProducts(q: Question, menu: readonly MenuFact[], loose: boolean): NamedProduct[] {
  const candidates = menu
    .map((product) => ({ product, ...wordsNaming(q, product, loose) }))
    .filter(({ words }) => words.size > 0);
  const named = candidates.filter(
    (candidate) =>
      !candidates.some(
        (other) =>
          isSubset(candidate.words, other.words) &&
          (other.words.size > candidate.words.size || (other.whole && !candidate.whole)),
      ),
  );
  const taken = new Set(named.flatMap(({ words }) => [...words]));
  return named
    .map(({ product, words }) => ({ product, words, quantity: quantityFor(q, words, taken) }))
    .sort((a, b) => Math.min(...a.words) - Math.min(...b.words));
}

const money = (cents: number) => formatBRL(centsToReais(cents));
/** A count as people read it: 1.000. */
const count = (units: number) => units.toLocaleString('pt-BR');

/** The units a quantity is priced for: a menu item's minimum at least, a kit as asked. */
const unitsPriced = ({ product, quantity }: NamedProduct) =>
  quantity === null
    ? null
    : product.category === KITS_CATEGORY
      ? quantity
      : Math.max(quantity, MINIMUM_UNITS_PER_ITEM);

function quantityLine(named: NamedProduct, units: number): string {
  const { product, quantity } = named;
  const unit = money(product.priceCents);
  const total = money(units * product.priceCents);
  if (product.category === KITS_CATEGORY) {
    const contents = product.itens.length > 0 ? ` (${product.itens.join(', ')})` : '';
    return units === 1
      ? `${product.name}: ${unit}${contents}.`
      : `${product.name}: ${count(units)} × ${unit} = ${total}${contents}.`;
  }
  if (quantity !== null && quantity < MINIMUM_UNITS_PER_ITEM) {
    return `${product.name}: o pedido mínimo é de ${MINIMUM_UNITS_PER_ITEM} unidades (${units} × ${unit} = ${total}).`;
  }
  return `${product.name}: ${count(units)} unidades × ${unit} = ${total}.`;
}

function productsAnswer(products: readonly NamedProduct[]): string {
  const shown = products.slice(0, MAX_LISTED_PRODUCTS);
  const lines = shown.map((named) => {
    const units = unitsPriced(named);
    return units === null ? priceLine(named.product) : quantityLine(named, units);
  });
  const priced = shown.flatMap((named) => {
    const units = unitsPriced(named);
    return units === null ? [] : [units * named.product.priceCents];
  });
  const total =
    priced.length > 1 ? ` Total: ${money(priced.reduce((sum, cents) => sum + cents, 0))}.` : '';
  const more = products.length > MAX_LISTED_PRODUCTS ? ' Veja todos no cardápio.' : '';
  const units = shown.some(
    (named) => named.product.category !== KITS_CATEGORY && named.quantity === null,
  )
    ? ` Pedido mínimo de ${MINIMUM_UNITS_PER_ITEM} unidades por item.`
    : '';
  return `${lines.join(' ')}${total}${units}${more}`;
}

const howToOrderAnswer = ({ leadDays }: CalendarFact) =>
  `Para pedir, adicione ao carrinho no cardápio (a partir de ${MINIMUM_UNITS_PER_ITEM} unidades por item; kits por unidade), com retirada ou entrega a partir de ${leadDays} dias. Para uma festa sob medida, faça uma encomenda.`;

/** Whether the message asks to buy: "quero", "gostaria", "encomendar", "orçamento"… */
const asksToBuy = (q: Question) =>
  q.stem('quer', 'queria', 'gostaria', 'compr', 'encomend', 'orcament', 'preciso', 'precisaria') ||
  q.has('pedir', 'peco', 'fazer um pedido', 'vou levar');

/** The link to a product on the menu: a search for its name shows it. */
const productLink = (product: MenuFact): ChatbotLink => ({
  target: 'menu',
  label: `Ver ${product.name} no cardápio`,
  search: product.name,
});

const MENU_LINK: ChatbotLink = { target: 'menu', label: 'Ver o cardápio' };
const CUSTOM_ORDER_LINK: ChatbotLink = { target: 'custom-order', label: 'Fazer uma encomenda' };
const WHATSAPP_LINK: ChatbotLink = { target: 'whatsapp', label: 'Falar no WhatsApp' };
/** The most product links one answer offers. */
const MAX_PRODUCT_LINKS = 3;

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

/** The reply to one message, given the facts: its text and the links it offers. */
export function chatbotReply(message: string, facts: ChatbotFacts): Required<ChatbotReply> {
  const q = new Question(message);
  const answers: string[] = [];
  const links: ChatbotLink[] = [];
  const status = asksStatus(q);
  const pricing = asksPrice(q);
  const buying = asksToBuy(q) || q.quantities.length > 0;

  if (status) answers.push(statusAnswer(facts.customer));
  if (q.stem('minim', 'minima') || q.has('menor quantidade', 'quantas unidades')) {
    answers.push(minimumAnswer());
  }

  const products = namedProducts(q, facts.menu, pricing || buying);
  const categories = products.length === 0 ? namedCategories(q) : [];
  if (products.length > 0) {
    answers.push(productsAnswer(products));
    links.push(...products.slice(0, MAX_PRODUCT_LINKS).map(({ product }) => productLink(product)));
  }
  const categoryText = categoryAnswer(categories, facts.menu);
  if (categoryText) {
    answers.push(categoryText);
    links.push(
      ...categories.map((category): ChatbotLink => ({
        target: 'menu',
        label: `Ver ${category} no cardápio`,
        category,
      })),
    );
  }
  if (buying && !status && (products.length > 0 || categoryText)) {
    answers.push(howToOrderAnswer(facts.calendar));
    links.push(CUSTOM_ORDER_LINK);
  }

  const customOrder =
    q.stem('antecedencia', 'prazo', 'personaliz', 'orcament') ||
    q.has('quantos dias', 'com quanto tempo', 'sob medida') ||
    (!status && q.stem('encomend'));
  if (customOrder) {
    answers.push(leadTimeAnswer(facts.calendar));
    links.push(CUSTOM_ORDER_LINK, WHATSAPP_LINK);
  }
  if (
    q.stem('pagamento', 'pagar', 'pago', 'pix', 'boleto', 'cartao', 'credito', 'debito', 'parcel')
  ) {
    answers.push(paymentAnswer());
  }
  const delivery =
    q.stem('entreg', 'retir', 'delivery', 'frete') || q.has('buscar', 'busco', 'levar');
  if (delivery) answers.push(deliveryAnswer(facts.shop, facts.calendar));
  if (
    q.stem('whats', 'zap', 'telefon', 'contat', 'ligar', 'email') ||
    q.has('e mail', 'falar com voces', 'numero de voces', 'numero da loja')
  ) {
    answers.push(contactAnswer(facts.shop));
    links.push(WHATSAPP_LINK);
  }
  if (
    !delivery &&
    (q.stem('endereco', 'localizacao', 'localizad') ||
      q.has('onde fica', 'onde ficam', 'onde voces ficam', 'onde e a loja', 'onde estao'))
  ) {
    answers.push(addressAnswer(facts.shop));
  }
  if (
    q.stem('horario', 'funcionamento', 'expediente', 'aberto', 'aberta') ||
    q.has('abre', 'abrem', 'fecha', 'fecham', 'que horas', 'funcionam')
  ) {
    answers.push(hoursAnswer(facts.calendar));
  }
  if (
    answers.length === 0 &&
    (q.stem('cardapio', 'menu', 'categoria', 'produto', 'opco', 'sabor') ||
      q.has('o que voces vendem', 'o que voces tem', 'o que tem'))
  ) {
    answers.push(menuAnswer(facts.menu));
    links.push(MENU_LINK);
  }
  if (answers.length === 0 && (pricing || buying)) {
    answers.push(
      `Me diga o nome do produto, por exemplo: "quanto custa o brigadeiro?". ${menuAnswer(facts.menu)}`,
    );
    links.push(MENU_LINK, CUSTOM_ORDER_LINK);
  }
  if (answers.length === 0 && q.stem('obrigad', 'valeu')) {
    answers.push('Por nada! Se precisar, é só perguntar.');
  }
  if (answers.length === 0 && q.has('oi', 'ola', 'bom dia', 'boa tarde', 'boa noite', 'opa')) {
    answers.push(
      'Olá! Posso ajudar com preços do cardápio, pedido mínimo, prazos, formas de pagamento, entrega ou retirada, horário de atendimento, contato e endereço da loja e o status do seu pedido.',
    );
  }
  if (answers.length === 0) {
    // Not understood: the spec's text, and the ways on that always work.
    return {
      reply: chatbotMessages.notUnderstood,
      links: [MENU_LINK, CUSTOM_ORDER_LINK, WHATSAPP_LINK],
    };
  }
  return { reply: answers.join('\n\n'), links: uniqueLinks(links) };
}

/** Each link once, in the order first offered. */
function uniqueLinks(links: readonly ChatbotLink[]): ChatbotLink[] {
  const seen = new Set<string>();
  return links.filter((link) => {
    const key = JSON.stringify(link);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
