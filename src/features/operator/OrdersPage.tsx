import { getRouteApi, Link } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { defineMessages } from 'react-intl';
import type { OrdersSearch } from '../../../machines/operator/orders';
import { Button } from '../../components/Button/Button';
import { CoinAmount } from '../../components/CoinAmount/CoinAmount';
import { EmptyState } from '../../components/EmptyState/EmptyState';
import { ErrorText } from '../../components/ErrorText/ErrorText';
import { Spinner } from '../../components/Spinner/Spinner';
import { TextField } from '../../components/TextField/TextField';
import { useOptionalText, useText } from '../../i18n/useText';
import { useAppSelector } from '../app/AppActorContext';
import { orderStatusMessages, useMoment } from './CustomerPage';
import { ChoiceField, DateField } from './fields';
import { OperatorPage } from './OperatorPage';

const route = getRouteApi('/operator/orders');

export const orderListMessages = defineMessages({
  title: { id: 'operator.orders.title', defaultMessage: 'Orders' },
  search: { id: 'operator.orders.search', defaultMessage: 'Customer or player' },
  searchHint: {
    id: 'operator.orders.searchHint',
    defaultMessage: "Part of the customer's email or the player",
  },
  status: { id: 'operator.orders.status', defaultMessage: 'Status' },
  anyStatus: { id: 'operator.orders.anyStatus', defaultMessage: 'Any status' },
  from: { id: 'operator.orders.from', defaultMessage: 'Placed from' },
  until: { id: 'operator.orders.until', defaultMessage: 'Placed until' },
  searchButton: { id: 'operator.orders.searchButton', defaultMessage: 'Search' },
  loading: { id: 'operator.orders.loading', defaultMessage: 'Loading orders…' },
  empty: { id: 'operator.orders.empty', defaultMessage: 'No orders match' },
  emptyAll: { id: 'operator.orders.emptyAll', defaultMessage: 'No orders yet' },
  retry: { id: 'operator.orders.retry', defaultMessage: 'Try again' },
  more: { id: 'operator.orders.more', defaultMessage: 'Show more orders' },
  order: { id: 'operator.orders.order', defaultMessage: 'Order' },
  placed: { id: 'operator.orders.placed', defaultMessage: 'Placed' },
  customer: { id: 'operator.orders.customer', defaultMessage: 'Customer' },
  player: { id: 'operator.orders.player', defaultMessage: 'Player' },
  total: { id: 'operator.orders.total', defaultMessage: 'Total' },
  refunded: { id: 'operator.orders.refunded', defaultMessage: 'Refunded' },
  orderNumber: { id: 'operator.customer.orderNumber', defaultMessage: 'Order #{id}' },
});

const STATUSES = ['pending', 'paid', 'failed', 'cancelled', 'expired'] as const;

/**
 * /operator/orders: the search (customer or player, status, placed from/until, kept in the
 * address) and the newest matching orders, a page at a time, each leading to its page.
 */
export function OrdersPage() {
  const say = useText();
  const text = useOptionalText();
  const moment = useMoment();
  const screen = route.useLoaderData({ select: (data) => data.screen });
  const state = useSelector(screen, (s) => s.value);
  const draft = useSelector(screen, (s) => s.context.draft);
  const search = useSelector(screen, (s) => s.context.search);
  const orders = useSelector(screen, (s) => s.context.rows);
  const more = useSelector(screen, (s) => s.context.more);
  const error = useSelector(screen, (s) => s.context.error);
  const moreError = useSelector(screen, (s) => s.context.moreError);
  const coinName = useAppSelector((snapshot) => snapshot.context.settings?.internal_currency.name);
  const listed = state === 'filled' || state === 'loadingMore';
  const m = orderListMessages;
  const change = (field: keyof OrdersSearch & string) => (value: string) =>
    screen.send({ type: 'CHANGE', field, value });
  const filtered = Object.values(search).some((value) => value !== '');

  return (
    <OperatorPage title={m.title}>
      {/* biome-ignore lint/a11y/useSemanticElements: <search> is unknown to Safari before 17 (and jsdom) */}
      <form
        role="search"
        className="operator-search operator-filters"
        onSubmit={(event) => {
          event.preventDefault();
          screen.send({ type: 'SEARCH' });
        }}
      >
        <TextField
          className="operator-search__field"
          type="search"
          name="q"
          label={say(m.search)}
          description={say(m.searchHint)}
          value={draft.q}
          onChange={change('q')}
        />
        <ChoiceField
          label={say(m.status)}
          name="status"
          value={draft.status}
          options={[
            { value: '', label: say(m.anyStatus) },
            ...STATUSES.map((status) => ({ value: status, label: say(orderStatusMessages[status]) })),
          ]}
          onChange={change('status')}
        />
        <DateField label={say(m.from)} name="from" value={draft.from} onChange={change('from')} />
        <DateField label={say(m.until)} name="until" value={draft.until} onChange={change('until')} />
        <Button type="submit" variant="secondary">
          {say(m.searchButton)}
        </Button>
      </form>
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
      {state === 'empty' && <EmptyState headingLevel={2} title={say(filtered ? m.empty : m.emptyAll)} />}
      {listed && (
        <>
          <table className="operator-table">
            <thead>
              <tr>
                <th scope="col">{say(m.order)}</th>
                <th scope="col">{say(m.placed)}</th>
                <th scope="col">{say(m.customer)}</th>
                <th scope="col">{say(m.player)}</th>
                <th scope="col">{say(m.status)}</th>
                <th scope="col">{say(m.total)}</th>
                <th scope="col">{say(m.refunded)}</th>
              </tr>
            </thead>
            <tbody>
              {orders.map((order) => (
                <tr key={order.id}>
                  <td data-label={say(m.order)}>
                    <Link
                      to="/operator/orders/$orderId"
                      params={{ orderId: order.id }}
                      className="operator-table__link"
                    >
                      {say(m.orderNumber, { id: order.id })}
                    </Link>
                  </td>
                  <td data-label={say(m.placed)}>
                    <time dateTime={order.at}>{moment(order.at)}</time>
                  </td>
                  <td data-label={say(m.customer)}>
                    <Link to="/operator/customers/$customerId" params={{ customerId: order.customer_id }}>
                      {order.customer_email}
                    </Link>
                  </td>
                  <td data-label={say(m.player)}>{order.player ?? '—'}</td>
                  <td data-label={say(m.status)}>{say(orderStatusMessages[order.status])}</td>
                  <td data-label={say(m.total)}>
                    <CoinAmount amount={order.total} currencyName={coinName} size="sm" />
                  </td>
                  <td data-label={say(m.refunded)}>
                    <CoinAmount amount={order.refunded} currencyName={coinName} size="sm" />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          {moreError && <ErrorText>{text(moreError)}</ErrorText>}
          {more && (
            <Button
              variant="secondary"
              className="operator-more"
              isPending={state === 'loadingMore'}
              onPress={() => screen.send({ type: 'MORE' })}
            >
              {say(m.more)}
            </Button>
          )}
        </>
      )}
    </OperatorPage>
  );
}
