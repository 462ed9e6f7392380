import { CATEGORIES, isCategory, type AdminProductDto, type Category } from '@quitute/contracts';
import { useEffect, useState } from 'react';
import forms from '../../../components/form.module.css';
import type { ProductBody } from '../api/admin-commands';
import styles from '../components/admin.module.css';
import { Field, FormDialog, InputField, TextAreaField } from '../components/form-dialog';
import { MoneyField } from '../components/money-field';
import { productTexts } from '../model/admin-texts';
import { moneyInputText, readMoneyInput } from '../model/money-input';
import { ProductPhotoField } from './product-photo-field';

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
      price: moneyInputText(0),
      category: '',
      stock: '0',
      description: '',
      imageUrl: '',
      isActive: true,
    };
  }
  return {
    name: product.name,
    price: moneyInputText(product.price),
    category: product.category,
    stock: String(product.stock),
    description: product.description,
    imageUrl: product.imageUrl ?? '',
    isActive: product.isActive,
  };
}

function toBody(state: FormState, category: Category, price: number): ProductBody {
  return {
    name: state.name.trim(),
    price,
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
  const [uploading, setUploading] = useState(false);
  const set = <K extends keyof FormState>(key: K, value: FormState[K]) =>
    setState((current) => ({ ...current, [key]: value }));

  useEffect(() => {
    document.body.classList.add('modal-open');
    return () => document.body.classList.remove('modal-open');
  }, []);

  const submit = () => {
    // Not while a photo is on its way: its address is not in the form yet.
    if (uploading) return;
    // A price that does not read as money says why beside it (issue 38): nothing is sent.
    const price = readMoneyInput(state.price);
    if (price.kind !== 'amount') return;
    // The select is required: the browser does not submit without a category (admin-spec §5).
    if (isCategory(state.category)) onSave(toBody(state, state.category, price.reais));
  };

  return (
    <FormDialog
      title={product ? productTexts.editTitle : productTexts.addTitle}
      size="wide"
      saving={saving}
      error={error}
      onSubmit={submit}
      onClose={onClose}
    >
      <InputField
        label="Nome"
        full
        required
        value={state.name}
        onChange={(event) => set('name', event.target.value)}
      />
      <MoneyField
        label="Preço (R$)"
        required
        value={state.price}
        onChange={(text) => set('price', text)}
      />
      <InputField
        label="Estoque"
        type="number"
        inputMode="numeric"
        step="1"
        min="0"
        required
        value={state.stock}
        onChange={(event) => set('stock', event.target.value)}
      />
      <Field label="Categoria" full>
        {(id) => (
          <select
            id={id}
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
        )}
      </Field>
      <TextAreaField
        label="Descrição"
        full
        rows={3}
        value={state.description}
        onChange={(event) => set('description', event.target.value)}
      />
      <InputField
        label={productTexts.imageUrlLabel}
        full
        type="text"
        inputMode="url"
        hint={productTexts.imageUrlHint}
        value={state.imageUrl}
        onChange={(event) => set('imageUrl', event.target.value)}
      />
      <ProductPhotoField
        imageUrl={state.imageUrl}
        productName={state.name}
        onUploaded={(imageUrl) => set('imageUrl', imageUrl)}
        onUploading={setUploading}
      />
      <label className={`${forms.checkbox} ${styles.full}`}>
        <input
          type="checkbox"
          checked={state.isActive}
          onChange={(event) => set('isActive', event.target.checked)}
        />
        Ativo
      </label>
    </FormDialog>
  );
}
