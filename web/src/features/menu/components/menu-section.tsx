import type { ProductDto } from '@quitute/contracts';
import { sectionId, type CategorySection } from '../model/menu-model';
import { MenuItem } from './menu-item';
import styles from './menu-section.module.css';

export interface MenuSectionProps {
  section: CategorySection;
  onAddToCart: (product: ProductDto, quantity: number) => void;
}

export function MenuSection({ section, onAddToCart }: MenuSectionProps) {
  const headingId = `${sectionId(section.category)}-titulo`;
  return (
    <section className={styles.section} aria-labelledby={headingId}>
      <h2 id={headingId} className={styles.heading}>
        {section.category} <span className={styles.count}>({section.products.length})</span>
      </h2>
      <div className={styles.grid}>
        {section.products.map((product) => (
          <MenuItem key={product._id} product={product} onAddToCart={onAddToCart} />
        ))}
      </div>
    </section>
  );
}
