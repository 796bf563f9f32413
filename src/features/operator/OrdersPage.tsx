import { getRouteApi, Link } from '@tanstack/react-router';
import { defineMessages } from 'react-intl';
import { TextField } from '../../components/TextField/TextField';
import { useText } from '../../i18n/useText';
import { ChoiceField, DateField } from './fields';
import { OperatorPage } from './OperatorPage';
import { SearchForm, SearchResults, useSearchDraft } from './parts';
import { orderStatusMessages, useOrderCells } from './records';

const route = getRouteApi('/operator/orders');

const orderListMessages = defineMessages({
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
});

const STATUSES = ['pending', 'paid', 'failed', 'cancelled', 'expired'] as const;

/**
 * /operator/orders: the search (customer or player, status, placed from/until, kept in the
 * address) and the newest matching orders, a page at a time, each leading to its page.
 */
export function OrdersPage() {
  const say = useText();
  const cells = useOrderCells();
  const screen = route.useLoaderData({ select: (data) => data.screen });
  const { filter } = useSearchDraft(screen);
  const m = orderListMessages;

  return (
    <OperatorPage title={m.title}>
      <SearchForm filters submit={say(m.searchButton)} screen={screen}>
        <TextField
          className="operator-search__field"
          type="search"
          label={say(m.search)}
          description={say(m.searchHint)}
          {...filter('q')}
        />
        <ChoiceField
          label={say(m.status)}
          options={[
            { value: '', label: say(m.anyStatus) },
            ...STATUSES.map((status) => ({ value: status, label: say(orderStatusMessages[status]) })),
          ]}
          {...filter('status')}
        />
        <DateField label={say(m.from)} {...filter('from')} />
        <DateField label={say(m.until)} {...filter('until')} />
      </SearchForm>
      <SearchResults
        screen={screen}
        messages={m}
        columns={[
          [m.order, cells.order],
          [m.placed, cells.at],
          [
            m.customer,
            (order) => (
              <Link to="/operator/customers/$customerId" params={{ customerId: order.customer_id }}>
                {order.customer_email}
              </Link>
            ),
          ],
          [m.player, cells.player],
          [m.status, cells.status],
          [m.total, cells.total],
          [m.refunded, cells.refunded],
        ]}
      />
    </OperatorPage>
  );
}
