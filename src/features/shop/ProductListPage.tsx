import { getRouteApi, Link } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { defineMessages } from 'react-intl';
import { SHOP_PAGE_SIZE } from '../../../machines/shop';
import { buttonClass } from '../../components/Button/buttonClass';
import { EmptyState } from '../../components/EmptyState/EmptyState';
import { ErrorText } from '../../components/ErrorText/ErrorText';
import { LinkButton } from '../../components/LinkButton/LinkButton';
import { Pagination } from '../../components/Pagination/Pagination';
import { useOptionalText, useText } from '../../i18n/useText';
import { useChild } from '../app/AppActorContext';
import { useIsSignedIn } from '../shared/session';
import { CategoryFilter } from './CategoryFilter';
import { ProductCard } from './ProductCard';
import { ProductDialogSlot } from './ProductDialogSlot';
import '../shared/storePage.css';
import './shop.css';

const route = getRouteApi('/shop');

const messages = defineMessages({
  title: { id: 'shop.title', defaultMessage: 'Shop' },
  loading: { id: 'shop.loading', defaultMessage: 'Loading products…' },
  empty: { id: 'shop.empty.title', defaultMessage: 'No products here yet' },
  emptyText: { id: 'shop.empty.text', defaultMessage: 'Come back soon: new items arrive regularly.' },
  firstPage: { id: 'shop.empty.firstPage', defaultMessage: 'Go to the first page' },
  retry: { id: 'shop.retry', defaultMessage: 'Retry' },
  categories: { id: 'shop.categories.label', defaultMessage: 'Categories' },
  allCategories: { id: 'shop.categories.all', defaultMessage: 'All' },
});

/** Cards above the fold on a wide screen; their images load at once. */
const EAGER_IMAGES = 4;

/** /shop (docs/product.md §2 ProductListPage): the grid of one page of products, paging, and Add to cart. */
export function ProductListPage() {
  const say = useText();
  const text = useOptionalText();
  const shop = route.useLoaderData({ select: (data) => data.screen });
  const state = useSelector(shop, (snapshot) => snapshot.value);
  const products = useSelector(shop, (snapshot) => snapshot.context.products);
  const page = useSelector(shop, (snapshot) => snapshot.context.page);
  const totalPages = useSelector(shop, (snapshot) => snapshot.context.totalPages);
  const error = useSelector(shop, (snapshot) => snapshot.context.error);
  const category = useSelector(shop, (snapshot) => snapshot.context.category);
  const categories = useSelector(shop, (snapshot) => snapshot.context.categories);
  const cartBusy = useSelector(useChild('cart'), (snapshot) => snapshot.hasTag('busy'));
  const signedIn = useIsSignedIn();

  return (
    <main className="store-page shop" aria-busy={state === 'loading'}>
      <h1>{say(messages.title)}</h1>
      {categories !== null && categories.length > 0 && (
        <CategoryFilter
          categories={categories}
          selected={category}
          label={say(messages.categories)}
          allLabel={say(messages.allCategories)}
          onChoose={(choice) => shop.send({ type: 'CHOOSE_CATEGORY', category: choice })}
        />
      )}
      {state === 'loading' && <ShopSkeleton label={say(messages.loading)} />}
      {state === 'error' && (
        <div className="shop__status">
          <ErrorText>{text(error)}</ErrorText>
          <button
            type="button"
            className={buttonClass('secondary', 'md')}
            onClick={() => shop.send({ type: 'RETRY' })}
          >
            {say(messages.retry)}
          </button>
        </div>
      )}
      {state === 'empty' && (
        <EmptyState
          title={say(messages.empty)}
          description={say(messages.emptyText)}
          action={
            page > 1 ? (
              <LinkButton render={(props) => <Link to="/shop" {...props} />}>
                {say(messages.firstPage)}
              </LinkButton>
            ) : undefined
          }
        />
      )}
      {state === 'shown' && (
        <>
          <ul className="shop__grid">
            {products.map((product, index) => (
              <ProductCard
                key={product.id}
                product={product}
                eager={index < EAGER_IMAGES}
                busy={cartBusy}
                onAdd={() => shop.send({ type: 'ADD', productId: product.id, count: 1, signedIn })}
              />
            ))}
          </ul>
          <Pagination
            className="shop__pagination"
            page={page}
            pageCount={totalPages}
            onChange={(target) => shop.send({ type: 'GO_TO_PAGE', page: target })}
          />
          <ProductDialogSlot
            products={products}
            onAdd={(productId, count) => shop.send({ type: 'ADD', productId, count, signedIn })}
          />
        </>
      )}
    </main>
  );
}

function ShopSkeleton({ label }: { label: string }) {
  return (
    <ul className="shop__grid" aria-label={label}>
      {Array.from({ length: SHOP_PAGE_SIZE }, (_, index) => (
        // The placeholders have no identity but their place.
        // biome-ignore lint/suspicious/noArrayIndexKey: see above
        <li key={index} className="product-card product-card--skeleton" aria-hidden="true">
          <div className="product-art product-card__image" />
          <div className="product-card__bar" />
          <div className="product-card__bar product-card__bar--short" />
        </li>
      ))}
    </ul>
  );
}
