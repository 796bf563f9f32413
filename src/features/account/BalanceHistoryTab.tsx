import { getRouteApi, Link } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { defineMessages, type MessageDescriptor } from 'react-intl';
import { type LedgerReason, pageCountOfHistory } from '../../../machines/balanceHistory';
import { CoinAmount } from '../../components/CoinAmount/CoinAmount';
import { EmptyState } from '../../components/EmptyState/EmptyState';
import { Pagination } from '../../components/Pagination/Pagination';
import { formatDate } from '../../i18n/dates';
import { useFormats } from '../../i18n/useFormats';
import { useOptionalText, useText } from '../../i18n/useText';
import { useCoinName } from '../shared/coinName';
import { AccountSection } from './AccountSection';
import { TabStatus } from './TabStatus';

const route = getRouteApi('/account/balance-history');

const messages = defineMessages({
  title: { id: 'account.history.title', defaultMessage: 'Balance history' },
  loading: { id: 'account.history.loading', defaultMessage: 'Loading the balance history...' },
  empty: { id: 'account.history.empty', defaultMessage: 'No balance changes yet' },
  retry: { id: 'account.history.retry', defaultMessage: 'Try again' },
  date: { id: 'account.history.date', defaultMessage: 'Date' },
  reason: { id: 'account.history.reason', defaultMessage: 'Reason' },
  amount: { id: 'account.history.amount', defaultMessage: 'Amount' },
  balance: { id: 'account.history.balance', defaultMessage: 'Balance' },
  order: { id: 'account.history.order', defaultMessage: 'Order #{id}' },
  orderNumber: { id: 'account.orders.numberLink', defaultMessage: '#{id}' },
});

const reasonMessages: Record<LedgerReason, MessageDescriptor> = defineMessages({
  top_up: { id: 'account.history.reason.topUp', defaultMessage: 'Top-up' },
  order: { id: 'account.history.reason.order', defaultMessage: 'Order' },
  welcome_bonus: { id: 'account.history.reason.welcomeBonus', defaultMessage: 'Welcome bonus' },
  refund: { id: 'account.history.reason.refund', defaultMessage: 'Refund' },
  adjustment: { id: 'account.history.reason.adjustment', defaultMessage: 'Adjustment' },
});

/**
 * The balance history tab: every change of the balance, newest first and paged, with its date, its
 * reason (an order's links to the order), the amount (+ credit, − debit) and the balance after it.
 */
export function BalanceHistoryTab() {
  const say = useText();
  const text = useOptionalText();
  const { locale } = useFormats();
  const screen = route.useLoaderData({ select: (data) => data.screen });
  const state = useSelector(screen, (s) => s.value);
  const items = useSelector(screen, (s) => s.context.items);
  const page = useSelector(screen, (s) => s.context.page);
  const total = useSelector(screen, (s) => s.context.total);
  const error = useSelector(screen, (s) => s.context.error);
  const coinName = useCoinName();

  return (
    <AccountSection title={messages.title}>
      <TabStatus
        state={state}
        loading={say(messages.loading)}
        error={text(error)}
        retry={say(messages.retry)}
        onRetry={() => screen.send({ type: 'RETRY' })}
      />
      {state === 'empty' && <EmptyState headingLevel={3} title={say(messages.empty)} />}
      {state === 'filled' && (
        <>
          <table className="orders balance-history">
            <thead>
              <tr>
                <th scope="col">{say(messages.date)}</th>
                <th scope="col">{say(messages.reason)}</th>
                <th scope="col" className="balance-history__number">
                  {say(messages.amount)}
                </th>
                <th scope="col" className="balance-history__number">
                  {say(messages.balance)}
                </th>
              </tr>
            </thead>
            <tbody>
              {items.map((entry) => (
                <tr key={entry.id}>
                  <td data-label={say(messages.date)}>
                    <time dateTime={entry.created_at}>{formatDate(entry.created_at, locale)}</time>
                  </td>
                  <td data-label={say(messages.reason)}>
                    <span>
                      {say(reasonMessages[entry.reason])}
                      {entry.order_id !== undefined && (
                        <>
                          {' '}
                          <Link
                            to="/account/orders/$orderId"
                            params={{ orderId: entry.order_id }}
                            className="balance-history__order"
                            aria-label={say(messages.order, { id: entry.order_id })}
                          >
                            {say(messages.orderNumber, { id: entry.order_id })}
                          </Link>
                        </>
                      )}
                    </span>
                  </td>
                  <td
                    data-label={say(messages.amount)}
                    className={`balance-history__number balance-history__amount--${entry.amount < 0 ? 'debit' : 'credit'}`}
                  >
                    <span className="balance-history__signed">
                      <span className="balance-history__sign">{entry.amount < 0 ? '−' : '+'}</span>
                      <CoinAmount amount={Math.abs(entry.amount)} currencyName={coinName} size="sm" />
                    </span>
                  </td>
                  <td data-label={say(messages.balance)} className="balance-history__number">
                    <CoinAmount amount={entry.balance_after} currencyName={coinName} size="sm" />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          <Pagination
            className="orders__pages"
            page={page}
            pageCount={pageCountOfHistory(total)}
            onChange={(target) => screen.send({ type: 'PAGE', page: target })}
          />
        </>
      )}
    </AccountSection>
  );
}
