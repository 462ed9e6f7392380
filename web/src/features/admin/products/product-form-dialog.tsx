import { CATEGORIES, isCategory, type AdminProductDto, type Category } from '@quitute/contracts';
import { useEffect, useId, useState, type FormEvent } from 'react';
import buttons from '../../../components/button.module.css';
import { Dialog } from '../../../components/dialog';
import forms from '../../../components/form.module.css';
import type { ProductBody } from '../api/admin-commands';
import styles from '../components/admin.module.css';
import { FormError } from '../components/page-parts';
import { adminTexts, productTexts } from '../model/admin-texts';

interface FormState {
  name: string;
  price: string;
  category: string;
  stock: string;
  description: string;
  imageUrl: string;
  isActive: boolean;
}

/** admin-spec §2: empty (active, price 0, stock 0) when adding; the product's values when editing. */
function initialState(product: AdminProductDto | null): FormState {
  if (!product) {
    return {
      name: '',
      price: '0',
      category: '',
      stock: '0',
      description: '',
      imageUrl: '',
      isActive: true,
    };
  }
  return {
    name: product.name,
    price: String(product.price),
    category: product.category,
    stock: String(product.stock),
    description: product.description,
    imageUrl: product.imageUrl ?? '',
    isActive: product.isActive,
  };
}

function toBody(state: FormState, category: Category): ProductBody {
  return {
    name: state.name.trim(),
    price: Number(state.price),
    category,
    stock: Number(state.stock),
    description: state.description.trim(),
    imageUrl: state.imageUrl.trim(),
    isActive: state.isActive,
  };
}

/**
 * 'Adicionar Novo Produto' / 'Editar Produto' (admin-spec §2, §5): closes on
 * Escape, a click outside or ×; the page body is marked modal-open meanwhile;
 * only the browser's required-field checks apply.
 */
export function ProductFormDialog({
  product,
  saving,
  error,
  onSave,
  onClose,
}: {
  product: AdminProductDto | null;
  saving: boolean;
  error: string | null;
  onSave: (body: ProductBody) => void;
  onClose: () => void;
}) {
  const [state, setState] = useState(() => initialState(product));
  const id = useId();
  const set = <K extends keyof FormState>(key: K, value: FormState[K]) =>
    setState((current) => ({ ...current, [key]: value }));

  useEffect(() => {
    document.body.classList.add('modal-open');
    return () => document.body.classList.remove('modal-open');
  }, []);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    // The select is required: the browser does not submit without a category (admin-spec §5).
    if (!saving && isCategory(state.category)) onSave(toBody(state, state.category));
  };

  return (
    <Dialog
      title={product ? productTexts.editTitle : productTexts.addTitle}
      onClose={onClose}
      busy={saving}
      closeButton={false}
      closeIcon
      closeOnOutsideClick
      size="wide"
    >
      <form onSubmit={submit}>
        <fieldset disabled={saving} className={styles.formGrid}>
          <div className={`${forms.field} ${styles.full}`}>
            <label className={forms.label} htmlFor={`${id}-name`}>
              Nome
            </label>
            <input
              id={`${id}-name`}
              className={forms.input}
              required
              value={state.name}
              onChange={(event) => set('name', event.target.value)}
            />
          </div>
          <div className={forms.field}>
            <label className={forms.label} htmlFor={`${id}-price`}>
              Preço (R$)
            </label>
            <input
              id={`${id}-price`}
              className={forms.input}
              type="number"
              inputMode="decimal"
              step="0.01"
              min="0"
              required
              value={state.price}
              onChange={(event) => set('price', event.target.value)}
            />
          </div>
          <div className={forms.field}>
            <label className={forms.label} htmlFor={`${id}-stock`}>
              Estoque
            </label>
            <input
              id={`${id}-stock`}
              className={forms.input}
              type="number"
              inputMode="numeric"
              step="1"
              min="0"
              required
              value={state.stock}
              onChange={(event) => set('stock', event.target.value)}
            />
          </div>
          <div className={`${forms.field} ${styles.full}`}>
            <label className={forms.label} htmlFor={`${id}-category`}>
              Categoria
            </label>
            <select
              id={`${id}-category`}
              className={forms.input}
              required
              value={state.category}
              onChange={(event) => set('category', event.target.value)}
            >
              <option value="">Selecione uma categoria</option>
              {CATEGORIES.map((category) => (
                <option key={category} value={category}>
                  {category}
                </option>
              ))}
            </select>
          </div>
          <div className={`${forms.field} ${styles.full}`}>
            <label className={forms.label} htmlFor={`${id}-description`}>
              Descrição
            </label>
            <textarea
              id={`${id}-description`}
              className={forms.input}
              rows={3}
              value={state.description}
              onChange={(event) => set('description', event.target.value)}
            />
          </div>
          <div className={`${forms.field} ${styles.full}`}>
            <label className={forms.label} htmlFor={`${id}-image`}>
              URL da Imagem
            </label>
            <input
              id={`${id}-image`}
              className={forms.input}
              type="text"
              inputMode="url"
              value={state.imageUrl}
              onChange={(event) => set('imageUrl', event.target.value)}
            />
          </div>
          <label className={`${forms.checkbox} ${styles.full}`}>
            <input
              type="checkbox"
              checked={state.isActive}
              onChange={(event) => set('isActive', event.target.checked)}
            />
            Ativo
          </label>
        </fieldset>
        {error ? <FormError>{error}</FormError> : null}
        <div className={styles.formActions}>
          <button type="button" className={buttons.ghost} disabled={saving} onClick={onClose}>
            {adminTexts.cancel}
          </button>
          <button type="submit" className={buttons.button} disabled={saving}>
            {saving ? adminTexts.saving : adminTexts.save}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
