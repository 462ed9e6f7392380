import { formatBRL, MAX_UNITS_PER_LINE } from '@quitute/contracts';
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import { Link } from 'react-router';
import buttons from '../../../components/button.module.css';
import { ProductImage } from '../../../components/product-image';
import {
  clearRequested,
  quantityChangeRequested,
  removeRequested,
  selectCartBusy,
  selectCartLines,
} from '../cart-slice';
import { cartMessages } from '../model/cart-messages';
import { cartTotal, isBelowMinimum, isKitProduct, lineTotal } from '../model/cart-rules';
import type { CartLine } from '../model/cart-types';
import styles from './cart-page.module.css';

/** A typed quantity: empty or not a number is refused by the cart's rule (spec §5). */
function parseTyped(text: string): number {
  return text.trim() === '' ? Number.NaN : Number(text);
}

function QuantityField({
  line,
  disabled,
  describedBy,
  onCommit,
}: {
  line: CartLine;
  disabled: boolean;
  describedBy: string | undefined;
  onCommit: (quantidade: number) => void;
}) {
  const id = useId();
  const [text, setText] = useState(String(line.quantidade));
  const commit = () => {
    if (text !== String(line.quantidade)) onCommit(parseTyped(text));
  };
  return (
    <>
      <label htmlFor={id} className="visually-hidden">
        Quantidade de {line.item.nome}
      </label>
      <input
        id={id}
        className={styles.quantity}
        type="number"
        inputMode="numeric"
        min={0}
        max={MAX_UNITS_PER_LINE}
        step={1}
        value={text}
        disabled={disabled}
        aria-describedby={describedBy}
        onChange={(event) => setText(event.target.value)}
        onBlur={commit}
      />
    </>
  );
}

function CartLineRow({ line, index, busy }: { line: CartLine; index: number; busy: boolean }) {
  const dispatch = useDispatch();
  const noteId = useId();
  const { nome } = line.item;
  const below = isBelowMinimum(line);
  const setQuantity = (quantidade: number) =>
    dispatch(quantityChangeRequested({ index, quantidade }));
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const input = event.currentTarget.querySelector('input');
    input?.blur();
  };

  return (
    <li className={`${styles.line} ${below ? styles.lineBelow : ''}`}>
      <ProductImage className={styles.image} imageUrl={line.item.imageUrl} alt="" />
      <div className={styles.info}>
        <h2 className={styles.name}>{nome}</h2>
        <p className={styles.unitPrice}>
          {formatBRL(line.item.preco)}
          {isKitProduct(line.item) ? '' : '/un'}
        </p>
        {below ? (
          <p id={noteId} className={styles.note}>
            {cartMessages.belowMinimumNote}
          </p>
        ) : null}
      </div>
      <div className={styles.controls}>
        <form className={styles.stepper} onSubmit={submit} noValidate>
          <button
            type="button"
            className={styles.step}
            aria-label={`Diminuir quantidade de ${nome}`}
            disabled={busy}
            onClick={() => setQuantity(line.quantidade - 1)}
          >
            −
          </button>
          <QuantityField
            key={line.quantidade}
            line={line}
            disabled={busy}
            describedBy={below ? noteId : undefined}
            onCommit={setQuantity}
          />
          <button
            type="button"
            className={styles.step}
            aria-label={`Aumentar quantidade de ${nome}`}
            disabled={busy || line.quantidade >= MAX_UNITS_PER_LINE}
            onClick={() => setQuantity(line.quantidade + 1)}
          >
            +
          </button>
        </form>
        <p className={styles.lineTotal} data-primary-action="">
          <span className="visually-hidden">Subtotal de {nome}: </span>
          {formatBRL(lineTotal(line))}
        </p>
        <button
          type="button"
          className={styles.remove}
          aria-label={`Remover ${nome}`}
          disabled={busy}
          onClick={() => dispatch(removeRequested({ index }))}
        >
          Remover
        </button>
      </div>
    </li>
  );
}

/** /carrinho (spec §2 "Cart screen"). */
export function CartPage({ banner }: { banner?: ReactNode }) {
  const dispatch = useDispatch();
  const lines = useSelector(selectCartLines);
  const busy = useSelector(selectCartBusy);
  const reasonId = useId();
  const blocked = lines.some(isBelowMinimum);
  const backToMenu = (
    <Link className={buttons.secondary} to="/cardapio">
      Voltar ao Cardápio
    </Link>
  );

  return (
    <div className={styles.page}>
      {banner}
      <h1 className={styles.title}>Seu Carrinho</h1>
      {lines.length === 0 ? (
        <div className={styles.empty}>
          <p>{cartMessages.empty}</p>
          {backToMenu}
        </div>
      ) : (
        <div className={styles.layout}>
          <ul className={styles.lines} aria-label="Itens do carrinho" aria-busy={busy}>
            {lines.map((line, index) => (
              <CartLineRow
                key={line.item.id || line.item.nome}
                line={line}
                index={index}
                busy={busy}
              />
            ))}
          </ul>
          <section className={styles.summary} aria-label="Resumo do pedido" data-primary-action="">
            <p className={styles.total}>
              <span>Total</span>
              <span className={styles.money}>{formatBRL(cartTotal(lines))}</span>
            </p>
            {blocked ? (
              <>
                <p id={reasonId} className={styles.reason}>
                  {cartMessages.belowMinimumReason}
                </p>
                <button
                  type="button"
                  className={`${buttons.button} ${buttons.block} ${styles.blocked}`}
                  disabled
                  aria-describedby={reasonId}
                >
                  Prosseguir para Pagamento
                </button>
              </>
            ) : (
              <Link className={`${buttons.button} ${buttons.block}`} to="/pagamento">
                Prosseguir para Pagamento
              </Link>
            )}
            <div className={styles.actions}>
              {backToMenu}
              <button
                type="button"
                className={buttons.ghost}
                disabled={busy}
                onClick={() => dispatch(clearRequested())}
              >
                Limpar Carrinho
              </button>
            </div>
          </section>
        </div>
      )}
    </div>
  );
}
