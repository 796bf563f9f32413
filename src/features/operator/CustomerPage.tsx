import { getRouteApi, Link } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { type ReactNode, useId } from 'react';
import { defineMessages, type MessageDescriptor } from 'react-intl';
import type { OperatorLedgerEntry, OperatorOrder } from '../../../machines/operator/customer';
import { Button } from '../../components/Button/Button';
import { CoinAmount } from '../../components/CoinAmount/CoinAmount';
import { ErrorText } from '../../components/ErrorText/ErrorText';
import { Spinner } from '../../components/Spinner/Spinner';
import { TextField } from '../../components/TextField/TextField';
import { formatDate } from '../../i18n/dates';
import { clockTime, useFormats } from '../../i18n/useFormats';
import { useOptionalText, useText } from '../../i18n/useText';
import { useAppSelector } from '../app/AppActorContext';
import { AuthForm } from '../forms/AuthForm';
import { SubmitButton } from '../forms/SubmitButton';
import { useFormView } from '../forms/useFormView';
import { customerListMessages } from './CustomersPage';
import { OperatorPage } from './OperatorPage';

const route = getRouteApi('/operator/customers/$customerId');

const messages = defineMessages({
  title: { id: 'operator.customer.title', defaultMessage: 'Customer' },
  back: { id: 'operator.customer.back', defaultMessage: 'All customers' },
  loading: { id: 'operator.customer.loading', defaultMessage: 'Loading the customer…' },
  notFound: { id: 'operator.customer.notFound', defaultMessage: 'There is no such customer.' },
  retry: { id: 'operator.customer.retry', defaultMessage: 'Try again' },
  profile: { id: 'operator.customer.profile', defaultMessage: 'Profile' },
  role: { id: 'operator.customer.role', defaultMessage: 'Role' },
  roleCustomer: { id: 'operator.customer.roleCustomer', defaultMessage: 'Customer' },
  emailVerified: { id: 'operator.customer.emailVerified', defaultMessage: 'Email verified' },
  yes: { id: 'operator.customer.yes', defaultMessage: 'Yes' },
  no: { id: 'operator.customer.no', defaultMessage: 'No' },
  balanceTitle: { id: 'operator.customer.balanceTitle', defaultMessage: 'Balance' },
  adjustTitle: { id: 'operator.adjust.title', defaultMessage: 'Adjust balance' },
  amount: { id: 'operator.adjust.amount', defaultMessage: 'Amount in coins' },
  amountHint: {
    id: 'operator.adjust.amountHint',
    defaultMessage: 'For example 25 to credit, or -12.50 to take coins away',
  },
  reason: { id: 'operator.adjust.reason', defaultMessage: 'Reason' },
  reasonHint: { id: 'operator.adjust.reasonHint', defaultMessage: 'Kept in the audit log' },
  submit: { id: 'operator.adjust.submit', defaultMessage: 'Adjust balance' },
  pending: { id: 'operator.adjust.pending', defaultMessage: 'Adjusting…' },
  ledger: { id: 'operator.customer.ledger', defaultMessage: 'Ledger' },
  ledgerEmpty: { id: 'operator.customer.ledgerEmpty', defaultMessage: 'No ledger entries yet' },
  ledgerNote: { id: 'operator.customer.ledgerNote', defaultMessage: 'The newest 50 entries' },
  when: { id: 'operator.customer.when', defaultMessage: 'When' },
  entry: { id: 'operator.customer.entry', defaultMessage: 'Entry' },
  entryAmount: { id: 'operator.customer.amount', defaultMessage: 'Amount' },
  order: { id: 'operator.customer.order', defaultMessage: 'Order' },
  orders: { id: 'operator.customer.orders', defaultMessage: 'Orders' },
  ordersEmpty: { id: 'operator.customer.ordersEmpty', defaultMessage: 'No orders yet' },
  ordersNote: { id: 'operator.customer.ordersNote', defaultMessage: 'The newest 50 orders' },
  status: { id: 'operator.customer.status', defaultMessage: 'Status' },
  total: { id: 'operator.customer.total', defaultMessage: 'Total' },
  refunded: { id: 'operator.customer.refunded', defaultMessage: 'Refunded' },
  orderNumber: { id: 'operator.customer.orderNumber', defaultMessage: 'Order #{id}' },
  dateTime: { id: 'operator.customer.dateTime', defaultMessage: '{date} {time}' },
});

export const ledgerReasonMessages: Record<OperatorLedgerEntry['reason'], MessageDescriptor> = defineMessages({
  top_up: { id: 'operator.ledger.topUp', defaultMessage: 'Top-up' },
  order: { id: 'operator.ledger.order', defaultMessage: 'Order' },
  welcome_bonus: { id: 'operator.ledger.welcomeBonus', defaultMessage: 'Welcome bonus' },
  refund: { id: 'operator.ledger.refund', defaultMessage: 'Refund' },
  adjustment: { id: 'operator.ledger.adjustment', defaultMessage: 'Adjustment' },
});

export const orderStatusMessages: Record<OperatorOrder['status'], MessageDescriptor> = defineMessages({
  pending: { id: 'account.orders.status.pending', defaultMessage: 'Pending' },
  paid: { id: 'account.orders.status.paid', defaultMessage: 'Paid' },
  failed: { id: 'account.orders.status.failed', defaultMessage: 'Failed' },
  cancelled: { id: 'account.orders.status.cancelled', defaultMessage: 'Cancelled' },
  expired: { id: 'account.orders.status.expired', defaultMessage: 'Expired' },
});

/** A moment as the operator reads it: the date and the time of day. */
export function useMoment(): (at: string) => string {
  const say = useText();
  const { formatTime } = useFormats();
  return (at) => say(messages.dateTime, { date: formatDate(at), time: formatTime(at, clockTime) });
}

function Section({
  title,
  note,
  children,
}: {
  title: MessageDescriptor & { id: string };
  note?: ReactNode;
  children: ReactNode;
}) {
  const say = useText();
  const id = useId();
  return (
    <section className="operator-section" aria-labelledby={id}>
      <h2 id={id} className="operator-section__title">
        {say(title)}
      </h2>
      {note && <p className="operator-section__note">{note}</p>}
      {children}
    </section>
  );
}

/**
 * /operator/customers/{id}: the account, its balance with 'Adjust balance' (signed coins and a
 * required reason), its newest ledger entries and orders.
 */
export function CustomerPage() {
  const say = useText();
  const text = useOptionalText();
  const moment = useMoment();
  const { screen, adjustment } = route.useLoaderData();
  const state = useSelector(screen, (s) => s.value);
  const detail = useSelector(screen, (s) => s.context.detail);
  const error = useSelector(screen, (s) => s.context.error);
  const view = useFormView(adjustment, (s) => s.matches('sending'));
  const coinName = useAppSelector((snapshot) => snapshot.context.settings?.internal_currency.name);
  const shown = (state === 'shown' || state === 'reloading') && detail !== null;
  const list = customerListMessages;

  return (
    <OperatorPage title={messages.title} heading={shown ? detail.customer.email : undefined}>
      <p className="operator-back">
        <Link to="/operator/customers">{say(messages.back)}</Link>
      </p>
      {state === 'loading' && (
        <p className="operator-status" role="status">
          <Spinner size="sm" decorative />
          <span>{say(messages.loading)}</span>
        </p>
      )}
      {state === 'notFound' && <ErrorText>{say(messages.notFound)}</ErrorText>}
      {state === 'error' && (
        <div className="operator-status">
          <ErrorText>{text(error)}</ErrorText>
          <Button variant="secondary" size="sm" onPress={() => screen.send({ type: 'RETRY' })}>
            {say(messages.retry)}
          </Button>
        </div>
      )}
      {shown && (
        <div className="operator-customer">
          <Section title={messages.profile}>
            <dl className="operator-facts">
              <dt>{say(list.name)}</dt>
              <dd>{`${detail.customer.name} ${detail.customer.surname}`.trim() || '—'}</dd>
              <dt>{say(list.player)}</dt>
              <dd>{detail.customer.player ?? '—'}</dd>
              <dt>{say(messages.role)}</dt>
              <dd>{say(detail.customer.role === 'operator' ? list.operatorRole : messages.roleCustomer)}</dd>
              <dt>{say(messages.emailVerified)}</dt>
              <dd>{say(detail.customer.email_verified ? messages.yes : messages.no)}</dd>
              <dt>{say(list.joined)}</dt>
              <dd>
                <time dateTime={detail.customer.created_at}>{formatDate(detail.customer.created_at)}</time>
              </dd>
            </dl>
          </Section>
          <Section title={messages.balanceTitle}>
            <p className="operator-balance" aria-live="polite">
              <CoinAmount amount={detail.customer.balance} currencyName={coinName} size="lg" />
            </p>
            <h3 className="operator-section__subtitle">{say(messages.adjustTitle)}</h3>
            <AuthForm
              className="operator-form"
              {...view.form}
              actions={<SubmitButton pending={view.pending} labels={messages} />}
            >
              <TextField
                label={say(messages.amount)}
                description={say(messages.amountHint)}
                inputMode="decimal"
                autoComplete="off"
                {...view.field('amount')}
              />
              <TextField
                label={say(messages.reason)}
                description={say(messages.reasonHint)}
                autoComplete="off"
                maxLength={500}
                {...view.field('reason')}
              />
            </AuthForm>
          </Section>
          <Section title={messages.ledger} note={say(messages.ledgerNote)}>
            {detail.ledger.length === 0 ? (
              <p>{say(messages.ledgerEmpty)}</p>
            ) : (
              <table className="operator-table">
                <thead>
                  <tr>
                    <th scope="col">{say(messages.when)}</th>
                    <th scope="col">{say(messages.entry)}</th>
                    <th scope="col">{say(messages.entryAmount)}</th>
                    <th scope="col">{say(messages.order)}</th>
                  </tr>
                </thead>
                <tbody>
                  {detail.ledger.map((entry) => (
                    <tr key={entry.id}>
                      <td data-label={say(messages.when)}>
                        <time dateTime={entry.at}>{moment(entry.at)}</time>
                      </td>
                      <td data-label={say(messages.entry)}>{say(ledgerReasonMessages[entry.reason])}</td>
                      <td data-label={say(messages.entryAmount)}>
                        <CoinAmount amount={entry.amount} currencyName={coinName} size="sm" />
                      </td>
                      <td data-label={say(messages.order)}>
                        {entry.order_id === null ? (
                          '—'
                        ) : (
                          <Link to="/operator/orders/$orderId" params={{ orderId: entry.order_id }}>
                            {say(messages.orderNumber, { id: entry.order_id })}
                          </Link>
                        )}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            )}
          </Section>
          <Section title={messages.orders} note={say(messages.ordersNote)}>
            {detail.orders.length === 0 ? (
              <p>{say(messages.ordersEmpty)}</p>
            ) : (
              <table className="operator-table">
                <thead>
                  <tr>
                    <th scope="col">{say(messages.order)}</th>
                    <th scope="col">{say(messages.when)}</th>
                    <th scope="col">{say(messages.status)}</th>
                    <th scope="col">{say(messages.total)}</th>
                    <th scope="col">{say(messages.refunded)}</th>
                    <th scope="col">{say(list.player)}</th>
                  </tr>
                </thead>
                <tbody>
                  {detail.orders.map((order) => (
                    <tr key={order.id}>
                      <td data-label={say(messages.order)}>
                        <Link
                          to="/operator/orders/$orderId"
                          params={{ orderId: order.id }}
                          className="operator-table__link"
                        >
                          {say(messages.orderNumber, { id: order.id })}
                        </Link>
                      </td>
                      <td data-label={say(messages.when)}>
                        <time dateTime={order.at}>{moment(order.at)}</time>
                      </td>
                      <td data-label={say(messages.status)}>{say(orderStatusMessages[order.status])}</td>
                      <td data-label={say(messages.total)}>
                        <CoinAmount amount={order.total} currencyName={coinName} size="sm" />
                      </td>
                      <td data-label={say(messages.refunded)}>
                        <CoinAmount amount={order.refunded} currencyName={coinName} size="sm" />
                      </td>
                      <td data-label={say(list.player)}>{order.player ?? '—'}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            )}
          </Section>
        </div>
      )}
    </OperatorPage>
  );
}
