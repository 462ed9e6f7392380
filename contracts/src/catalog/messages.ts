import { PRODUCT_PHOTO_MAX_BYTES, PRODUCT_PHOTO_MAX_INPUT_PIXELS } from './photos';

/** Catalogue texts the server answers in `{ message }` (admin-spec §8; the last ones where the spec is silent). */
export const catalogMessages = {
  productExists: 'Produto já existe.',
  productNotFound: 'Produto não encontrado.',
  /** Product names are unique, case and accents aside: the cart and the sync find products by name. */
  productNameTaken: 'Já existe um produto com este nome.',
  photoUploaded: 'Foto enviada com sucesso!',
  photoNotImage: 'O arquivo enviado não é uma foto JPEG, PNG ou WebP.',
  photoTooLarge: `A foto deve ter no máximo ${PRODUCT_PHOTO_MAX_BYTES / 1024 / 1024} MB.`,
  photoTooManyPixels: `A foto tem pixels demais (no máximo ${PRODUCT_PHOTO_MAX_INPUT_PIXELS / 1_000_000} megapixels).`,
  photoNotFound: 'Foto não encontrada.',
  tooManyPhotoMisses: 'Muitas fotos não encontradas em pouco tempo. Tente novamente mais tarde.',
} as const;

/** Issue 38: a checkout asking more units than the product has left (409). */
export function notEnoughStockMessage(productName: string, left: number): string {
  if (left <= 0) return `${productName} está esgotado.`;
  const units = left === 1 ? 'Só resta 1 unidade' : `Só restam ${left} unidades`;
  return `${units} de ${productName}. Ajuste a quantidade no carrinho.`;
}
