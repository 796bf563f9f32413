import { getRouteApi, Link } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { useId, useRef } from 'react';
import { defineMessages } from 'react-intl';
import type { ActorRefFrom } from 'xstate';
import { MAX_QUERY_LENGTH } from '../../../domain/shop';
import { PRODUCT_SORTS, type ProductSort, SHOP_PAGE_SIZE, type shopMachine } from '../../../machines/shop';
import { withValues } from '../../../machines/text';
import { buttonClass } from '../../components/Button/buttonClass';
import { EmptyState } from '../../components/EmptyState/EmptyState';
import { ErrorText } from '../../components/ErrorText/ErrorText';
import { LinkButton } from '../../components/LinkButton/LinkButton';
import { Pagination } from '../../components/Pagination/Pagination';
import { useOptionalText, useText } from '../../i18n/useText';
import { useServedForm } from '../forms/servedForms';
import { useCartBusy, useSignedIn } from '../shared/session';
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
  pastEnd: { id: 'shop.pastEnd.title', defaultMessage: 'This page is past the end of the shop' },
  pastEndText: {
    id: 'shop.pastEnd.text',
    defaultMessage:
      '{pages, plural, =0 {There are no products to show here.} one {There is only one page.} other {There are only # pages.}}',
  },
  noMatch: { id: 'shop.search.noMatch', defaultMessage: 'No products match “{q}”' },
  noMatchText: {
    id: 'shop.search.noMatchText',
    defaultMessage: 'Try another word, or clear the search to see every product.',
  },
  search: { id: 'shop.search.label', defaultMessage: 'Search products' },
  searchSubmit: { id: 'shop.search.submit', defaultMessage: 'Search' },
  clearSearch: { id: 'shop.search.clear', defaultMessage: 'Clear search' },
  sort: { id: 'shop.sort.label', defaultMessage: 'Sort by' },
  position: { id: 'shop.sort.position', defaultMessage: 'Featured' },
  price_asc: { id: 'shop.sort.priceAsc', defaultMessage: 'Price: low to high' },
  price_desc: { id: 'shop.sort.priceDesc', defaultMessage: 'Price: high to low' },
  newest: { id: 'shop.sort.newest', defaultMessage: 'Newest' },
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
  const q = useSelector(shop, (snapshot) => snapshot.context.q);
  const sort = useSelector(shop, (snapshot) => snapshot.context.sort);
  const cartBusy = useCartBusy();
  const signedIn = useSignedIn();

  return (
    <main className="store-page shop" aria-busy={state === 'loading'}>
      <h1>{say(messages.title)}</h1>
      <ShopTools shop={shop} />
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
      {state === 'empty' && page > 1 && (
        <EmptyState
          title={say(messages.pastEnd)}
          description={say(withValues(messages.pastEndText, { pages: totalPages }))}
          action={
            <LinkButton render={(props) => <Link to="/shop" search={{ category, q, sort }} {...props} />}>
              {say(messages.firstPage)}
            </LinkButton>
          }
        />
      )}
      {state === 'empty' && page === 1 && q !== undefined && (
        <EmptyState
          title={say(withValues(messages.noMatch, { q }))}
          description={say(messages.noMatchText)}
          action={
            <button
              type="button"
              className={buttonClass('secondary', 'md')}
              onClick={() => shop.send({ type: 'CLEAR_SEARCH' })}
            >
              {say(messages.clearSearch)}
            </button>
          }
        />
      )}
      {state === 'empty' && page === 1 && q === undefined && (
        <EmptyState title={say(messages.empty)} description={say(messages.emptyText)} />
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

const SORT_LABELS: Record<ProductSort, (typeof messages)[ProductSort]> = {
  position: messages.position,
  price_asc: messages.price_asc,
  price_desc: messages.price_desc,
  newest: messages.newest,
};

/**
 * The search field and the sort select. The field sends its text to the screen (TYPE_QUERY) and
 * searches on submit; both are a plain GET form on /shop too, so they work before the app starts.
 */
function ShopTools({ shop }: { shop: ActorRefFrom<typeof shopMachine> }) {
  const say = useText();
  const id = useId();
  const draft = useSelector(shop, (snapshot) => snapshot.context.draft);
  const category = useSelector(shop, (snapshot) => snapshot.context.category);
  const sort = useSelector(shop, (snapshot) => snapshot.context.sort ?? 'position');
  const form = useRef<HTMLFormElement>(null);
  useServedForm(form, (fields) => shop.send({ type: 'PREFILL', fields }));
  return (
    <form
      ref={form}
      className="shop__tools"
      action="/shop"
      method="get"
      onSubmit={(event) => {
        event.preventDefault();
        shop.send({ type: 'SEARCH' });
      }}
    >
      {category && <input type="hidden" name="category" value={category} />}
      <div className="field shop__search">
        <label className="field__label" htmlFor={`${id}-q`}>
          {say(messages.search)}
        </label>
        <div className="shop__search-row">
          <input
            id={`${id}-q`}
            className="field__input"
            type="search"
            name="q"
            maxLength={MAX_QUERY_LENGTH}
            autoComplete="off"
            value={draft}
            onChange={(event) => shop.send({ type: 'TYPE_QUERY', text: event.target.value })}
          />
          <button type="submit" className={buttonClass('secondary', 'md')}>
            {say(messages.searchSubmit)}
          </button>
        </div>
      </div>
      <div className="field shop__sort">
        <label className="field__label" htmlFor={`${id}-sort`}>
          {say(messages.sort)}
        </label>
        <select
          id={`${id}-sort`}
          className="field__input"
          name="sort"
          value={sort}
          onChange={(event) => shop.send({ type: 'CHOOSE_SORT', sort: event.target.value as ProductSort })}
        >
          {PRODUCT_SORTS.map((choice) => (
            <option key={choice} value={choice}>
              {say(SORT_LABELS[choice])}
            </option>
          ))}
        </select>
      </div>
    </form>
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
