import { getRouteApi, Link } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { useMemo } from 'react';
import { defineMessages } from 'react-intl';
import { formatCoins, formatMoney } from '../../../domain/money-text';
import {
  cardCurrencies,
  isQuietWindow,
  OVERVIEW_DAYS,
  type Overview,
  overviewCharts,
  overviewTotals,
} from '../../../machines/operator/overview';
import { EmptyState } from '../../components/EmptyState/EmptyState';
import { formatDate } from '../../i18n/dates';
import { useFormats } from '../../i18n/useFormats';
import { type Say, useText } from '../../i18n/useText';
import { useAppSelector } from '../app/AppActorContext';
import { OperatorPage } from './OperatorPage';
import { OverviewChart } from './OverviewChart';
import { type Column, OperatorTable, ScreenStatus } from './parts';

const route = getRouteApi('/operator/');

export const overviewPageMessages = defineMessages({
  title: { id: 'operator.overview.title', defaultMessage: 'Overview' },
  loading: { id: 'operator.overview.loading', defaultMessage: 'Loading the overview…' },
  retry: { id: 'operator.overview.retry', defaultMessage: 'Try again' },
  lastDays: { id: 'operator.overview.lastDays', defaultMessage: 'Last {days} days' },
  summary: {
    id: 'operator.overview.summary',
    defaultMessage:
      '{orders, plural, one {# order paid} other {# orders paid}}, {coins} spent, card money in: {card}.',
  },
  noCard: { id: 'operator.overview.noCard', defaultMessage: 'none' },
  quiet: { id: 'operator.overview.quiet', defaultMessage: 'No orders, coins spent or card payments yet' },
  quietText: {
    id: 'operator.overview.quietText',
    defaultMessage: 'The chart fills in once customers top up and buy.',
  },
  cardChart: { id: 'operator.overview.cardChart', defaultMessage: 'Card money in' },
  coinsChart: { id: 'operator.overview.coinsChart', defaultMessage: 'Coins spent' },
  ordersChart: { id: 'operator.overview.ordersChart', defaultMessage: 'Orders paid' },
  tableToggle: { id: 'operator.overview.tableToggle', defaultMessage: 'Every day as a table' },
  date: { id: 'operator.overview.date', defaultMessage: 'Day' },
  today: { id: 'operator.overview.today', defaultMessage: 'Today' },
  todayText: {
    id: 'operator.overview.todayText',
    defaultMessage: '{orders, plural, one {# order paid} other {# orders paid}}, {coins} spent',
  },
  topProducts: { id: 'operator.overview.topProducts', defaultMessage: 'Top products' },
  noTopProducts: { id: 'operator.overview.noTopProducts', defaultMessage: 'Nothing sold in these days' },
  product: { id: 'operator.overview.product', defaultMessage: 'Product' },
  sold: { id: 'operator.overview.sold', defaultMessage: 'Sold' },
  coins: { id: 'operator.overview.coins', defaultMessage: 'Coins' },
  deleted: { id: 'operator.overview.deleted', defaultMessage: '(deleted)' },
  attention: { id: 'operator.overview.attention', defaultMessage: 'Needs a look' },
  allClear: { id: 'operator.overview.allClear', defaultMessage: 'Nothing needs a look' },
  failedDeliveries: {
    id: 'operator.overview.failedDeliveries',
    defaultMessage: '{count, plural, one {# failed delivery} other {# failed deliveries}}',
  },
  uncertainDeliveries: {
    id: 'operator.overview.uncertainDeliveries',
    defaultMessage: '{count, plural, one {# uncertain delivery} other {# uncertain deliveries}}',
  },
  pendingPayments: {
    id: 'operator.overview.pendingPayments',
    defaultMessage: '{count, plural, one {# payment pending} other {# payments pending}}',
  },
  latePayments: {
    id: 'operator.overview.latePayments',
    defaultMessage:
      '{count, plural, one {# payment taken after its order was cancelled or expired} other {# payments taken after their orders were cancelled or expired}}',
  },
});

const m = overviewPageMessages;

/**
 * /operator: the console's first page. The last 30 days as charts (card money in per currency,
 * coins spent, orders paid) with the same figures in text, today, the top products and what needs
 * a look.
 */
export function OverviewPage() {
  const say = useText();
  const screen = route.useLoaderData({ select: (data) => data.screen });
  const state = useSelector(screen, (s) => s.value);
  const overview = useSelector(screen, (s) => s.context.overview);
  const error = useSelector(screen, (s) => s.context.error);

  return (
    <OperatorPage title={m.title}>
      <ScreenStatus state={state} messages={m} error={error} screen={screen} />
      {state === 'shown' && overview && <OverviewShown overview={overview} say={say} />}
    </OperatorPage>
  );
}

function OverviewShown({ overview, say }: { overview: Overview; say: Say }) {
  const { locale } = useFormats();
  const coinName = useAppSelector((snapshot) => snapshot.context.settings?.internal_currency.name);
  const days = overview.days;
  const totals = overviewTotals(days);
  const today = days.at(-1);
  const coins = (minor: number) => formatCoins(minor, locale, coinName);
  const money = (taken: { currency: string; amount: number }) =>
    formatMoney(taken.amount, { code: taken.currency }, locale);
  const cardList = (card: { currency: string; amount: number }[]) =>
    card.length === 0 ? say(m.noCard) : card.map(money).join(', ');

  return (
    <div className="operator-overview">
      <section className="operator-section" aria-labelledby="overview-days">
        <h2 id="overview-days" className="operator-section__title">
          {say(m.lastDays, { days: days.length || OVERVIEW_DAYS })}
        </h2>
        <p className="operator-overview__summary">
          {say(m.summary, {
            orders: totals.ordersPaid,
            coins: coins(totals.coinsSpent),
            card: cardList(totals.card),
          })}
        </p>
        {isQuietWindow(days) ? (
          <EmptyState headingLevel={3} title={say(m.quiet)} description={say(m.quietText)} />
        ) : (
          <>
            <DayCharts overview={overview} say={say} />
            <details className="operator-overview__table">
              <summary>{say(m.tableToggle)}</summary>
              <DayTable overview={overview} say={say} coins={coins} money={money} />
            </details>
          </>
        )}
      </section>
      <div className="operator-overview__columns">
        {today && (
          <section className="operator-section" aria-labelledby="overview-today">
            <h2 id="overview-today" className="operator-section__title">
              {say(m.today)}
            </h2>
            <p>{say(m.todayText, { orders: today.orders_paid, coins: coins(today.coins_spent) })}</p>
            <p>{`${say(m.cardChart)}: ${cardList(today.card)}`}</p>
          </section>
        )}
        <Attention attention={overview.attention} say={say} />
      </div>
      <section className="operator-section" aria-labelledby="overview-top">
        <h2 id="overview-top" className="operator-section__title">
          {say(m.topProducts)}
        </h2>
        {overview.top_products.length === 0 ? (
          <p className="operator-section__note">{say(m.noTopProducts)}</p>
        ) : (
          <OperatorTable
            rows={overview.top_products}
            rowKey={(product) => `${product.product_id}-${product.title}`}
            columns={[
              [
                m.product,
                (product) => `${product.title}${product.product_id === null ? ` ${say(m.deleted)}` : ''}`,
              ],
              [m.sold, (product) => product.count],
              [m.coins, (product) => coins(product.coins)],
            ]}
          />
        )}
      </section>
    </div>
  );
}

/** The three charts of the window; each axis writes its values as the page does. */
function DayCharts({ overview, say }: { overview: Overview; say: Say }) {
  const { locale } = useFormats();
  const charts = useMemo(() => overviewCharts(overview.days), [overview]);
  const format = useMemo(() => {
    const plain = new Intl.NumberFormat(locale, { maximumFractionDigits: 2 });
    return (value: number) => plain.format(value);
  }, [locale]);
  return (
    <div className="operator-overview__charts">
      {charts.card.length > 0 && (
        <OverviewChart title={say(m.cardChart)} times={charts.times} series={charts.card} format={format} />
      )}
      <OverviewChart title={say(m.coinsChart)} times={charts.times} series={charts.coins} format={format} />
      <OverviewChart title={say(m.ordersChart)} times={charts.times} series={charts.orders} format={format} />
    </div>
  );
}

/** The charts' figures as a table: one row a day, newest first. */
function DayTable({
  overview,
  say,
  coins,
  money,
}: {
  overview: Overview;
  say: Say;
  coins: (minor: number) => string;
  money: (taken: { currency: string; amount: number }) => string;
}) {
  const currencies = cardCurrencies(overview.days);
  return (
    <OperatorTable
      className="operator-overview__days"
      rows={[...overview.days].reverse()}
      rowKey={(day) => day.date}
      rowHeader
      columns={[
        [m.date, (day) => <time dateTime={day.date}>{formatDate(`${day.date}T12:00:00Z`)}</time>],
        [m.ordersChart, (day) => day.orders_paid],
        [m.coinsChart, (day) => coins(day.coins_spent)],
        ...currencies.map(
          (currency): Column<Overview['days'][number]> => [
            `${say(m.cardChart)} (${currency})`,
            (day) =>
              money({ currency, amount: day.card.find((taken) => taken.currency === currency)?.amount ?? 0 }),
          ],
        ),
      ]}
    />
  );
}

function Attention({ attention, say }: { attention: Overview['attention']; say: Say }) {
  // Each count leads where the console can act on it: the deliveries in that state, the orders
  // waiting for their payment.
  const items = [
    { count: attention.failed_deliveries, message: m.failedDeliveries, deliveries: 'failed' as const },
    {
      count: attention.uncertain_deliveries,
      message: m.uncertainDeliveries,
      deliveries: 'uncertain' as const,
    },
    { count: attention.pending_payments, message: m.pendingPayments, orders: 'pending' as const },
    { count: attention.late_payments, message: m.latePayments },
  ].filter((item) => item.count > 0);
  return (
    <section className="operator-section" aria-labelledby="overview-attention">
      <h2 id="overview-attention" className="operator-section__title">
        {say(m.attention)}
      </h2>
      {items.length === 0 ? (
        <p className="operator-section__note">{say(m.allClear)}</p>
      ) : (
        <ul className="operator-overview__attention">
          {items.map((item) => (
            <li key={item.message.id}>
              {'orders' in item ? (
                <Link to="/operator/orders" search={{ status: item.orders }}>
                  {say(item.message, { count: item.count })}
                </Link>
              ) : 'deliveries' in item ? (
                <Link to="/operator/deliveries" search={{ state: item.deliveries }}>
                  {say(item.message, { count: item.count })}
                </Link>
              ) : (
                say(item.message, { count: item.count })
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
