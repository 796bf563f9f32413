import { getRouteApi, Link } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { defineMessages } from 'react-intl';
import { CoinAmount } from '../../components/CoinAmount/CoinAmount';
import { TextField } from '../../components/TextField/TextField';
import { formatDate } from '../../i18n/dates';
import { useText } from '../../i18n/useText';
import { useAppSelector } from '../app/AppActorContext';
import { AuthForm } from '../forms/AuthForm';
import { SubmitButton } from '../forms/SubmitButton';
import { useFormView } from '../forms/useFormView';
import { customerListMessages } from './CustomersPage';
import { OperatorPage } from './OperatorPage';
import { OperatorTable, ScreenStatus, Section } from './parts';
import { ledgerReasonMessages, recordMessages, useMoment, useOrderCells } from './records';

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
});

/**
 * /operator/customers/{id}: the account, its balance with 'Adjust balance' (signed coins and a
 * required reason), its newest ledger entries and orders.
 */
export function CustomerPage() {
  const say = useText();
  const moment = useMoment();
  const { screen, adjustment } = route.useLoaderData();
  const state = useSelector(screen, (s) => s.value);
  const detail = useSelector(screen, (s) => s.context.detail);
  const error = useSelector(screen, (s) => s.context.error);
  const view = useFormView(adjustment, (s) => s.matches('sending'));
  const coinName = useAppSelector((snapshot) => snapshot.context.settings?.internal_currency.name);
  const shown = (state === 'shown' || state === 'reloading') && detail !== null;
  const list = customerListMessages;
  const order = useOrderCells();
  const coins = (amount: number) => <CoinAmount amount={amount} currencyName={coinName} size="sm" />;

  return (
    <OperatorPage title={messages.title} heading={shown ? detail.customer.email : undefined}>
      <p className="operator-back">
        <Link to="/operator/customers">{say(messages.back)}</Link>
      </p>
      <ScreenStatus state={state} messages={messages} error={error} screen={screen} />
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
            <OperatorTable
              rows={detail.ledger}
              rowKey={(entry) => entry.id}
              empty={messages.ledgerEmpty}
              columns={[
                [messages.when, (entry) => <time dateTime={entry.at}>{moment(entry.at)}</time>],
                [messages.entry, (entry) => say(ledgerReasonMessages[entry.reason])],
                [messages.entryAmount, (entry) => coins(entry.amount)],
                [
                  messages.order,
                  (entry) =>
                    entry.order_id === null ? (
                      '—'
                    ) : (
                      <Link to="/operator/orders/$orderId" params={{ orderId: entry.order_id }}>
                        {say(recordMessages.orderNumber, { id: entry.order_id })}
                      </Link>
                    ),
                ],
              ]}
            />
          </Section>
          <Section title={messages.orders} note={say(messages.ordersNote)}>
            <OperatorTable
              rows={detail.orders}
              rowKey={(order) => order.id}
              empty={messages.ordersEmpty}
              columns={[
                [messages.order, order.order],
                [messages.when, order.at],
                [messages.status, order.status],
                [messages.total, order.total],
                [messages.refunded, order.refunded],
                [list.player, order.player],
              ]}
            />
          </Section>
        </div>
      )}
    </OperatorPage>
  );
}
