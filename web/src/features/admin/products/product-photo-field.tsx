import {
  catalogMessages,
  PRODUCT_PHOTO_MAX_BYTES,
  PRODUCT_PHOTO_UPLOAD_TYPES,
} from '@quitute/contracts';
import { useId, useState, type ChangeEvent } from 'react';
import { errorMessage } from '../../../api/errors';
import buttons from '../../../components/button.module.css';
import forms from '../../../components/form.module.css';
import { ProductImage } from '../../../components/product-image';
import { useUploadProductPhotoMutation } from '../api/admin-commands';
import styles from '../components/admin.module.css';
import { productTexts } from '../model/admin-texts';

const ACCEPTED: readonly string[] = PRODUCT_PHOTO_UPLOAD_TYPES;

/** Why a chosen file is not sent at all, or null when it may be. */
function refusal(file: File): string | null {
  if (!ACCEPTED.includes(file.type)) return catalogMessages.photoNotImage;
  if (file.size > PRODUCT_PHOTO_MAX_BYTES) return catalogMessages.photoTooLarge;
  return null;
}

/**
 * The product form's photo (issue 36): the picture the product shows now, and a
 * file input (on a phone it offers the camera as well as the gallery). A chosen
 * photo is sent at once; the server resizes it and answers the address that
 * becomes the product's imageUrl, saved with the form.
 */
export function ProductPhotoField({
  imageUrl,
  productName,
  onUploaded,
  onUploading,
}: {
  imageUrl: string;
  productName: string;
  onUploaded: (imageUrl: string) => void;
  onUploading: (uploading: boolean) => void;
}) {
  const id = useId();
  const [upload, uploading] = useUploadProductPhotoMutation();
  const [outcome, setOutcome] = useState<{ ok: boolean; text: string } | null>(null);

  const choose = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    if (!file) return;
    const refused = refusal(file);
    if (refused) {
      setOutcome({ ok: false, text: refused });
      return;
    }
    setOutcome(null);
    onUploading(true);
    const result = await upload(file);
    onUploading(false);
    if (result.error) {
      setOutcome({ ok: false, text: errorMessage(result.error, productTexts.photoFailed) });
      return;
    }
    onUploaded(result.data.imageUrl);
    setOutcome({ ok: true, text: catalogMessages.photoUploaded });
  };

  return (
    <div className={`${forms.field} ${styles.full}`}>
      <label className={forms.label} htmlFor={id}>
        {productTexts.photoLabel}
      </label>
      <div className={styles.photoField}>
        <div className={styles.photoPreview}>
          <ProductImage
            imageUrl={imageUrl}
            alt={productName ? `Foto de ${productName}` : 'Foto do produto'}
          />
        </div>
        <div className={styles.photoControls}>
          {/* The browser's own button would speak its language ('Choose File'): the label is the button. */}
          <input
            id={id}
            type="file"
            accept={ACCEPTED.join(',')}
            className={`visually-hidden ${styles.photoInput}`}
            disabled={uploading.isLoading}
            aria-describedby={`${id}-dica`}
            onChange={(event) => void choose(event)}
          />
          <label htmlFor={id} className={`${buttons.secondary} ${styles.photoPick}`}>
            {uploading.isLoading ? productTexts.photoUploading : productTexts.photoPick}
          </label>
          <span id={`${id}-dica`} className={forms.hint}>
            {productTexts.photoHint}
          </span>
          {outcome ? (
            <span
              className={outcome.ok ? styles.photoDone : forms.fieldError}
              role={outcome.ok ? 'status' : 'alert'}
            >
              {outcome.text}
            </span>
          ) : null}
        </div>
      </div>
    </div>
  );
}
