import type { ProductCard as Card } from '../../../shared/api/product-schemas';
import { useT } from '../../app/i18n';
import { ProductCard } from '../listing/ProductCard';

/** The grid of similar products under a product page, a withdrawn product's included; nothing when there are none. */
export function SimilarProducts({ cards }: { cards: readonly Card[] }) {
  const t = useT();
  if (!cards.length) return null;
  return (
    <section className="product-similar" aria-labelledby="product-similar-title">
      <h2 id="product-similar-title">{t('product.similar.title')}</h2>
      <ul className="product-grid">
        {cards.map((card) => (
          <li key={card.id}>
            <ProductCard p={card} />
          </li>
        ))}
      </ul>
    </section>
  );
}
