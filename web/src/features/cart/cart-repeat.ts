import { orderMessages, orderRepeatedMessage, type AddToCartBody } from '@quitute/contracts';
import type { ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';
import { cartCommandApi, classifyFailure, type CartAnswer } from './api/cart-api';
import { addedNotice, noticeShown, serverCartReceived } from './cart-slice';
import { linesFromDto } from './model/cart-rules';
import type { WithCart } from './model/cart-types';

/** A line of a past order to put in the cart again. */
export interface RepeatLine {
  /** The product's id, when the order knows it (the server finds a product by id, else by name). */
  id?: string;
  nome: string;
  preco: number;
  descricao?: string;
  quantidade: number;
}

/** spec §7 sends every repeated item under this category (the server takes the catalogue's). */
export const REPEAT_CATEGORY = 'Salgados Fritos';

/** POST /carrinho of a repeated line, as spec §7 writes it. */
export function repeatBody(userId: string, line: RepeatLine): AddToCartBody {
  const item = {
    id: line.id,
    nome: line.nome,
    preco: line.preco,
    categoria: REPEAT_CATEGORY,
    descricao: line.descricao ?? '',
    quantidade: line.quantidade,
  };
  return { userId, item, quantidade: line.quantidade };
}

/**
 * 'Repetir Pedido' (spec §2, §7, §8): POST /carrinho once per line of the
 * order, then the cart shows the server's answer (lines already added stay
 * even when a later one fails) with 'Pedido #{n} adicionado ao carrinho com
 * sucesso!', or the error. Resolves true when every line went in.
 */
export function repeatIntoCart({
  userId,
  orderNumber,
  lines,
}: {
  userId: string | null;
  orderNumber: number;
  lines: readonly RepeatLine[];
}) {
  return async (dispatch: ThunkDispatch<WithCart, unknown, UnknownAction>): Promise<boolean> => {
    if (userId === null) {
      dispatch(noticeShown('error', orderMessages.repeatLoginRequired));
      return false;
    }
    let latest: CartAnswer | null = null;
    const adoptLatest = () => {
      if (!latest) return;
      const { cart, revision } = latest;
      dispatch(
        serverCartReceived({
          itens: linesFromDto(cart),
          revision,
          position: cart.position ?? null,
        }),
      );
    };
    for (const line of lines) {
      const request = dispatch(
        cartCommandApi.endpoints.addCartItem.initiate(repeatBody(userId, line)),
      );
      const result = await request;
      request.reset();
      if (result.error) {
        adoptLatest();
        const failure = classifyFailure(result.error);
        dispatch(
          noticeShown(
            'error',
            failure.kind === 'unauthenticated'
              ? orderMessages.repeatLoginRequired
              : orderMessages.repeatFailed,
          ),
        );
        return false;
      }
      latest = result.data;
    }
    adoptLatest();
    dispatch(addedNotice(orderRepeatedMessage(orderNumber)));
    return true;
  };
}
