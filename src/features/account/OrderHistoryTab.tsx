import { getRouteApi, Link } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { defineMessage, defineMessages, type MessageValue } from 'react-intl';
import { formatMoney } from '../../../domain/money-text';
import { deliveryText, type Order, ordersOnPage, pageCountOf } from '../../../machines/orders';
import { CoinAmount } from '../../components/CoinAmount/CoinAmount';
import { EmptyState } from '../../components/EmptyState/EmptyState';
import { ErrorText } from '../../components/ErrorText/ErrorText';
import { LinkButton } from '../../components/LinkButton/LinkButton';
import { Pagination } from '../../components/Pagination/Pagination';
import { formatDate } from '../../i18n/dates';
import { clockTime, useFormats } from '../../i18n/useFormats';
import { useOptionalText, useText } from '../../i18n/useText';
import { useCoinName } from '../shared/coinName';
import { OrderPaymentActions } from '../shared/OrderPaymentActions';
import { AccountSection } from './AccountSection';
import { dateAndTime, paymentMethodMessages, orderStatusMessages as statusMessages } from './orderMessages';
import { TabStatus } from './TabStatus';

const route = getRouteApi('/account/order-history');

const messages = defineMessages({
  title: { id: 'account.orders.title', defaultMessage: 'Order history' },
  loading: { id: 'account.orders.loading', defaultMessage: 'Loading orders...' },
  empty: { id: 'account.orders.empty', defaultMessage: 'No orders found' },
  startShopping: { id: 'account.orders.startShopping', defaultMessage: 'Start Shopping' },
  retry: { id: 'account.orders.retry', defaultMessage: 'Try again' },
  number: { id: 'account.orders.number', defaultMessage: 'Order' },
  numberLink: { id: 'account.orders.numberLink', defaultMessage: '#{id}' },
  numberLabel: { id: 'account.orders.numberLabel', defaultMessage: 'Order #{id}: details and receipt' },
  card: { id: 'account.orders.card', defaultMessage: 'Card: {amount}' },
  date: { id: 'account.orders.date', defaultMessage: 'Date' },
  items: { id: 'account.orders.items', defaultMessage: 'Items' },
  total: { id: 'account.orders.total', defaultMessage: 'Total' },
  status: { id: 'account.orders.status', defaultMessage: 'Status' },
});

/** An order line bought more than once, e.g. 'VIP Rank × 2'. */
const itemCount = defineMessage<{ title: MessageValue; count: MessageValue }>({
  id: 'account.orders.itemCount',
  defaultMessage: '{title} × {count, number}',
});

/**
 * The order history tab (docs/product.md §2): 'Loading orders...', 'No orders found' with 'Start Shopping',
 * or a table of Date, Items, Total, Status in pages of 5 (cards on narrow screens, by CSS). A card
 * order waiting for its payment offers Pay now and Cancel order (ADR 0028).
 */
export function OrderHistoryTab() {
  const say = useText();
  const text = useOptionalText();
  const screen = route.useLoaderData({ select: (data) => data.screen });
  const state = useSelector(screen, (s) => s.value);
  const orders = useSelector(screen, (s) => s.context.orders);
  const page = useSelector(screen, (s) => s.context.page);
  const error = useSelector(screen, (s) => s.context.error);
  const actionError = useSelector(screen, (s) => s.context.actionError);
  // Paying or cancelling an order keeps the table: the list is what the customer acts on.
  const listed =
    state === 'filled' ||
    state === 'refreshing' ||
    state === 'paying' ||
    state === 'cancelling' ||
    state === 'redirecting';
  const coinName = useCoinName();
  const { locale, formatTime } = useFormats();

  return (
    <AccountSection title={messages.title}>
      <TabStatus
        state={state}
        loading={say(messages.loading)}
        error={text(error)}
        retry={say(messages.retry)}
        onRetry={() => screen.send({ type: 'RETRY' })}
      />
      {state === 'empty' && (
        <EmptyState
          headingLevel={3}
          title={say(messages.empty)}
          action={
            <LinkButton render={(props) => <Link to="/shop" {...props} />}>
              {say(messages.startShopping)}
            </LinkButton>
          }
        />
      )}
      {actionError && <ErrorText>{text(actionError)}</ErrorText>}
      {listed && (
        <>
          <table className="orders">
            <thead>
              <tr>
                <th scope="col">{say(messages.number)}</th>
                <th scope="col">{say(messages.date)}</th>
                <th scope="col">{say(messages.items)}</th>
                <th scope="col">{say(messages.total)}</th>
                <th scope="col">{say(messages.status)}</th>
              </tr>
            </thead>
            <tbody>
              {ordersOnPage(orders, page).map((order) => (
                <tr key={order.id}>
                  <td data-label={say(messages.number)}>
                    <Link
                      to="/account/orders/$orderId"
                      params={{ orderId: order.id }}
                      aria-label={say(messages.numberLabel, { id: order.id })}
                    >
                      {say(messages.numberLink, { id: order.id })}
                    </Link>
                  </td>
                  <td data-label={say(messages.date)}>
                    <time dateTime={order.created_at}>
                      {say(dateAndTime, {
                        date: formatDate(order.created_at, locale),
                        time: formatTime(order.created_at, clockTime),
                      })}
                    </time>
                  </td>
                  <td data-label={say(messages.items)}>
                    <ul className="orders__items">
                      {order.items.map((item) => (
                        <li key={`${item.product_id}-${item.title}`}>
                          {item.count > 1
                            ? say(itemCount, { title: item.title, count: item.count })
                            : item.title}
                        </li>
                      ))}
                    </ul>
                  </td>
                  <td data-label={say(messages.total)}>
                    <CoinAmount amount={order.total} currencyName={coinName} size="sm" />
                    <p className="order-method">
                      {order.card
                        ? say(messages.card, {
                            amount: formatMoney(order.card.amount, { code: order.card.currency }, locale),
                          })
                        : say(paymentMethodMessages[order.payment_method])}
                    </p>
                  </td>
                  <td data-label={say(messages.status)}>
                    <span className={`order-status order-status--${order.status}`}>
                      {say(statusMessages[order.status])}
                    </span>
                    <OrderDeliveryLine order={order} />
                    {(order.can_pay || order.can_cancel) && (
                      <OrderPaymentActions orders={screen} order={order} />
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          <Pagination
            className="orders__pages"
            page={page}
            pageCount={pageCountOf(orders)}
            onChange={(target) => screen.send({ type: 'PAGE', page: target })}
          />
        </>
      )}
    </AccountSection>
  );
}

/** What became of the order in game (ADR 0031); nothing for an order that delivers nothing. */
function OrderDeliveryLine({ order }: { order: Order }) {
  const say = useText();
  const { formatTime, locale } = useFormats();
  const { delivery } = order;
  const at = delivery.delivered_at;
  const time =
    at === undefined
      ? undefined
      : say(dateAndTime, { date: formatDate(at, locale), time: formatTime(at, clockTime) });
  const line = deliveryText(delivery, time);
  if (line === null) return null;
  return <p className={`order-delivery order-delivery--${delivery.status}`}>{say(line)}</p>;
}
