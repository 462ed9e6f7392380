/** A cart line as the spec names it (§3): the item snapshot and its quantity. */
export interface CartProduct {
  id: string;
  nome: string;
  preco: number;
  categoria: string;
  quantidade: number;
  descricao: string;
  /** Kit contents; only kits have them. */
  itens?: string[];
  imageUrl: string | null;
}

export interface CartLine {
  item: CartProduct;
  quantidade: number;
}

/**
 * What the customer asked for on the cart screen. Kept as an intent, not as
 * the resulting cart, so that it can be applied again to the cart another tab
 * or device left on the server (412 on sync) without undoing that change.
 */
export type CartIntent =
  { type: 'set-quantity'; line: CartLine } | { type: 'remove'; item: CartProduct };

export type NoticeTone = 'success' | 'info' | 'error';

/** A message about the cart, shown for `ttlMs` (spec §9: feedback 3 s, errors 5 s). */
export interface CartNotice {
  id: number;
  tone: NoticeTone;
  text: string;
  ttlMs: number;
}

export interface CartState {
  itens: CartLine[];
  /** The server cart revision (its ETag) the lines agree with; null when unknown or local only. */
  revision: number | null;
  /** The highest command position seen, sent back as X-Min-Position (read-your-writes). */
  position: number | null;
  /** Local changes the server has not seen yet (offline, as a visitor, or after a failed call). */
  pendingSync: boolean;
  /** Set by clear-cart: the server cart is not reloaded over the emptied one (spec §4). */
  cleared: boolean;
  /** A server call is under way: the cart screen's buttons wait for it. */
  busy: boolean;
  notice: CartNotice | null;
  /** The last notice id handed out (a new notice is announced even when its text repeats). */
  noticeSeq: number;
}

/** The slice of the app's state the cart's code reads. */
export interface WithCart {
  cart: CartState;
}

/** Who is using the cart and whether the server can be reached; read from the app's state. */
export interface CartSession {
  userId: string | null;
  online: boolean;
}
