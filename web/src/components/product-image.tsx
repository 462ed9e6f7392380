import { useState } from 'react';
import { resolveImageUrl } from '../lib/image-url';
import { ImageOffIcon } from './icons';
import styles from './product-image.module.css';

export interface ProductImageProps {
  imageUrl: string | null | undefined;
  alt: string;
  /** Intrinsic size (the menu illustrations are 160 × 120), so nothing jumps while loading. */
  width?: number;
  height?: number;
  className?: string;
}

/** The product's picture, or a styled 'Sem Imagem' placeholder when there is none or it fails to load. */
export function ProductImage({
  imageUrl,
  alt,
  width = 160,
  height = 120,
  className = '',
}: ProductImageProps) {
  const src = resolveImageUrl(imageUrl);
  const [failedSrc, setFailedSrc] = useState<string | null>(null);

  if (src === null || failedSrc === src) {
    return (
      <div
        className={`${styles.frame} ${styles.placeholder} ${className}`}
        style={{ aspectRatio: `${width} / ${height}` }}
      >
        <ImageOffIcon className={styles.placeholderIcon} />
        <span>Sem Imagem</span>
      </div>
    );
  }
  return (
    <img
      className={`${styles.frame} ${styles.image} ${className}`}
      src={src}
      alt={alt}
      width={width}
      height={height}
      // An uploaded photo keeps the frame's shape, whatever its own (cropped by object-fit).
      style={{ aspectRatio: `${width} / ${height}` }}
      loading="lazy"
      decoding="async"
      onError={() => setFailedSrc(src)}
    />
  );
}
