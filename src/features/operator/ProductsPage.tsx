import { getRouteApi, Link } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { defineMessages } from 'react-intl';
import { productTitle } from '../../../machines/operator/products';
import { Button } from '../../components/Button/Button';
import { CoinAmount } from '../../components/CoinAmount/CoinAmount';
import { EmptyState } from '../../components/EmptyState/EmptyState';
import { ErrorText } from '../../components/ErrorText/ErrorText';
import { LinkButton } from '../../components/LinkButton/LinkButton';
import { Spinner } from '../../components/Spinner/Spinner';

import { useFormats } from '../../i18n/useFormats';
import { useOptionalText, useText } from '../../i18n/useText';
import { useAppSelector } from '../app/AppActorContext';
import { OperatorPage } from './OperatorPage';

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
  const text = useOptionalText();
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
      {state === 'loading' && (
        <p className="operator-status" role="status">
          <Spinner size="sm" decorative />
          <span>{say(m.loading)}</span>
        </p>
      )}
      {state === 'error' && (
        <div className="operator-status">
          <ErrorText>{text(error)}</ErrorText>
          <Button variant="secondary" size="sm" onPress={() => screen.send({ type: 'RETRY' })}>
            {say(m.retry)}
          </Button>
        </div>
      )}
      {state === 'empty' && <EmptyState headingLevel={2} title={say(m.empty)} />}
      {state === 'filled' && (
        <table className="operator-table">
          <thead>
            <tr>
              <th scope="col">{say(m.product)}</th>
              <th scope="col">{say(m.category)}</th>
              <th scope="col">{say(m.price)}</th>
              <th scope="col">{say(m.position)}</th>
            </tr>
          </thead>
          <tbody>
            {products.map((product) => (
              <tr key={product.id}>
                <td data-label={say(m.product)}>
                  <Link
                    to="/operator/products/$productId"
                    params={{ productId: product.id }}
                    className="operator-table__link"
                  >
                    {productTitle(product, locale)}
                  </Link>
                  {!product.active && <span className="operator-tag">{say(m.hidden)}</span>}
                </td>
                <td data-label={say(m.category)}>{product.category}</td>
                <td data-label={say(m.price)}>
                  <CoinAmount amount={product.price} currencyName={coinName} size="sm" />
                </td>
                <td data-label={say(m.position)}>{product.position}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </OperatorPage>
  );
}
