import { getRouteApi, Link } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { defineMessages } from 'react-intl';
import { recordTitle } from '../../../machines/operator/versionedRecord';
import { CoinAmount } from '../../components/CoinAmount/CoinAmount';
import { LinkButton } from '../../components/LinkButton/LinkButton';

import { useFormats } from '../../i18n/useFormats';
import { useText } from '../../i18n/useText';
import { useAppSelector } from '../app/AppActorContext';
import { OperatorPage } from './OperatorPage';
import { OperatorTable, RowLink, ScreenStatus } from './parts';

const route = getRouteApi('/operator/products');

export const productListMessages = defineMessages({
  title: { id: 'operator.products.title', defaultMessage: 'Catalogue' },
  add: { id: 'operator.products.add', defaultMessage: 'Add a product' },
  loading: { id: 'operator.products.loading', defaultMessage: 'Loading products…' },
  empty: { id: 'operator.products.empty', defaultMessage: 'No products yet' },
  retry: { id: 'operator.products.retry', defaultMessage: 'Try again' },
  product: { id: 'operator.products.product', defaultMessage: 'Product' },
  category: { id: 'operator.products.category', defaultMessage: 'Category' },
  price: { id: 'operator.products.price', defaultMessage: 'Price' },
  position: { id: 'operator.products.position', defaultMessage: 'Sort position' },
  hidden: { id: 'operator.products.hidden', defaultMessage: 'Hidden' },
});

/** /operator/products: every product in the shop's order, hidden ones marked, each leading to its page. */
export function ProductsPage() {
  const say = useText();
  const { locale } = useFormats();
  const screen = route.useLoaderData({ select: (data) => data.screen });
  const state = useSelector(screen, (s) => s.value);
  const products = useSelector(screen, (s) => s.context.products);
  const error = useSelector(screen, (s) => s.context.error);
  const coinName = useAppSelector((snapshot) => snapshot.context.settings?.internal_currency.name);
  const m = productListMessages;

  return (
    <OperatorPage title={m.title}>
      <p className="operator-actions">
        <LinkButton render={(props) => <Link to="/operator/products/new" {...props} />}>
          {say(m.add)}
        </LinkButton>
      </p>
      <ScreenStatus state={state} messages={m} error={error} screen={screen} empty={say(m.empty)} />
      {state === 'filled' && (
        <OperatorTable
          rows={products}
          rowKey={(product) => product.id}
          columns={[
            [
              m.product,
              (product) => (
                <>
                  <RowLink to="/operator/products/$productId" params={{ productId: product.id }}>
                    {recordTitle(product, locale)}
                  </RowLink>
                  {!product.active && <span className="operator-tag">{say(m.hidden)}</span>}
                </>
              ),
            ],
            [m.category, (product) => product.category],
            [m.price, (product) => <CoinAmount amount={product.price} currencyName={coinName} size="sm" />],
            [m.position, (product) => product.position],
          ]}
        />
      )}
    </OperatorPage>
  );
}
