import type { ProductDto } from '@quitute/contracts';
import { useId, useState, type FormEvent } from 'react';
import buttons from '../../../components/button.module.css';
import { ProductImage } from '../../../components/product-image';
import {
  defaultQuantity,
  descriptionText,
  isKit,
  parseQuantityInput,
  priceLabel,
  SOLD_OUT,
} from '../model/menu-model';
import styles from './menu-item.module.css';

export interface MenuItemProps {
  product: ProductDto;
  onAddToCart: (product: ProductDto, quantity: number) => void;
}

export function MenuItem({ product, onAddToCart }: MenuItemProps) {
  const quantityId = useId();
  const kit = isKit(product);
  const [quantityText, setQuantityText] = useState(() => String(defaultQuantity(product)));
  const { price, unit } = priceLabel(product);
  const itens = product.itens ?? [];

  const { soldOut } = product;

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    // No unit left (issue 38): it cannot be added.
    if (soldOut) return;
    onAddToCart(product, kit ? 1 : parseQuantityInput(quantityText));
  };

  return (
    <article className={styles.card}>
      <ProductImage className={styles.image} imageUrl={product.imageUrl} alt={product.name} />
      <div className={styles.info}>
        <h3 className={styles.name}>{product.name}</h3>
        <p className={styles.price}>
          <span>{price}</span>
          {unit ? <span className={styles.unit}>{unit}</span> : null}
          {soldOut ? <span className={styles.soldOut}>{SOLD_OUT}</span> : null}
        </p>
        <p className={styles.description}>{descriptionText(product)}</p>
        {itens.length > 0 ? (
          <ul className={styles.kitItems} aria-label={`Itens do ${product.name}`}>
            {itens.map((item) => (
              <li key={item}>{item}</li>
            ))}
          </ul>
        ) : null}
      </div>
      <form className={styles.actions} onSubmit={submit} noValidate>
        <div className={styles.quantity}>
          <label htmlFor={quantityId} className={styles.quantityLabel}>
            Quantidade<span className="visually-hidden"> de {product.name}</span>
          </label>
          <input
            id={quantityId}
            className={styles.quantityInput}
            type="number"
            inputMode="numeric"
            min={1}
            step={1}
            value={kit ? '1' : quantityText}
            readOnly={kit}
            disabled={soldOut}
            onChange={(event) => setQuantityText(event.target.value)}
          />
        </div>
        <button
          type="submit"
          className={`${buttons.button} ${styles.add}`}
          disabled={soldOut}
          aria-label={soldOut ? `${product.name}: ${SOLD_OUT}` : undefined}
        >
          {soldOut ? SOLD_OUT : 'Adicionar ao Carrinho'}
        </button>
      </form>
    </article>
  );
}
