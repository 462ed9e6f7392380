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

export interface CartState {
  itens: CartLine[];
}
