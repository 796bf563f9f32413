import { Link } from '@tanstack/react-router';
import type { Product } from '../../../machines/shop';
import { defineMessages, withValues } from '../../../machines/text';
import { buttonClass } from '../../components/Button/buttonClass';
import { useText } from '../../i18n/useText';
import { SalePrice } from './SalePrice';

const messages = defineMessages({
  add: { id: 'shop.card.add', defaultMessage: 'Add to cart' },
  details: { id: 'shop.card.details', defaultMessage: 'Details of {title}' },
});

/** The card's image box, also the image's intrinsic size (nothing shifts while it loads). */
export const CARD_IMAGE_SIZE = 320;

export interface ProductCardProps {
  product: Product;
  /** Above the fold: loaded at once; the others load as they scroll into view. */
  eager: boolean;
  busy: boolean;
  onAdd: () => void;
}

/** One product of the shop grid: image and title open the details, the button adds one to the cart. */
export function ProductCard({ product, eager, busy, onAdd }: ProductCardProps) {
  const text = useText();
  return (
    <li className="product-card">
      <Link
        to="/shop"
        search={(previous) => ({ ...previous, product: product.id })}
        resetScroll={false}
        className="product-card__link"
        aria-label={text(withValues(messages.details, { title: product.title }))}
      >
        <img
          className="product-art product-card__image"
          src={product.img_url}
          alt=""
          width={CARD_IMAGE_SIZE}
          height={CARD_IMAGE_SIZE}
          loading={eager ? 'eager' : 'lazy'}
          decoding="async"
          fetchPriority={eager ? 'high' : 'auto'}
        />
        <h2 className="product-card__title">{product.title}</h2>
      </Link>
      <div className="product-card__footer">
        <SalePrice product={product} />
        <button
          type="button"
          className={buttonClass('primary', 'sm')}
          aria-disabled={busy || undefined}
          onClick={() => {
            if (!busy) onAdd();
          }}
        >
          {text(messages.add)}
          {/* The name begins with the visible text (WCAG 2.5.3) and tells the cards' buttons apart;
              the space stays outside the hidden span, where every name computation keeps it. */}{' '}
          <span className="visually-hidden">({product.title})</span>
        </button>
      </div>
    </li>
  );
}
