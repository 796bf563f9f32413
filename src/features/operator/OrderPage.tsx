import { getRouteApi, Link } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { defineMessages, type MessageDescriptor } from 'react-intl';
import { formatMoney } from '../../../domain/money-text';
import { type OrderDetail, refundableOf } from '../../../machines/operator/order';
import { CoinAmount } from '../../components/CoinAmount/CoinAmount';
import { ErrorText } from '../../components/ErrorText/ErrorText';
import { TextField } from '../../components/TextField/TextField';
import { useFormats } from '../../i18n/useFormats';
import { useOptionalText, useText } from '../../i18n/useText';
import { useAppSelector } from '../app/AppActorContext';
import { AuthForm } from '../forms/AuthForm';
import { SubmitButton } from '../forms/SubmitButton';
import { useFormView } from '../forms/useFormView';
import { OperatorPage } from './OperatorPage';
import { OperatorTable, ScreenStatus, Section } from './parts';
import { deliveryStateMessages, ledgerReasonMessages, orderStatusMessages, useMoment } from './records';

const route = getRouteApi('/operator/orders/$orderId');

const messages = defineMessages({
  title: { id: 'operator.order.title', defaultMessage: 'Order #{id}' },
  back: { id: 'operator.order.back', defaultMessage: 'All orders' },
  loading: { id: 'operator.order.loading', defaultMessage: 'Loading the order…' },
  notFound: { id: 'operator.order.notFound', defaultMessage: 'There is no such order.' },
  retry: { id: 'operator.order.retry', defaultMessage: 'Try again' },
  summary: { id: 'operator.order.summary', defaultMessage: 'Summary' },
  customer: { id: 'operator.order.customer', defaultMessage: 'Customer' },
  player: { id: 'operator.order.player', defaultMessage: 'Player' },
  status: { id: 'operator.order.status', defaultMessage: 'Status' },
  placed: { id: 'operator.order.placed', defaultMessage: 'Placed' },
  total: { id: 'operator.order.total', defaultMessage: 'Total' },
  paidWith: { id: 'operator.order.paidWith', defaultMessage: 'Paid with' },
  byBalance: { id: 'operator.order.byBalance', defaultMessage: 'Coins' },
  byCard: { id: 'operator.order.byCard', defaultMessage: 'Card' },
  refunded: { id: 'operator.order.refunded', defaultMessage: 'Refunded' },
  refundable: { id: 'operator.order.refundable', defaultMessage: 'Left to refund' },
  lines: { id: 'operator.order.lines', defaultMessage: 'Lines' },
  product: { id: 'operator.order.product', defaultMessage: 'Product' },
  price: { id: 'operator.order.price', defaultMessage: 'Price' },
  count: { id: 'operator.order.count', defaultMessage: 'Count' },
  payments: { id: 'operator.order.payments', defaultMessage: 'Payments' },
  paymentsEmpty: { id: 'operator.order.paymentsEmpty', defaultMessage: 'No card payments' },
  when: { id: 'operator.order.when', defaultMessage: 'When' },
  reference: { id: 'operator.order.reference', defaultMessage: 'Reference' },
  provider: { id: 'operator.order.provider', defaultMessage: 'Provider' },
  amount: { id: 'operator.order.amount', defaultMessage: 'Amount' },
  coins: { id: 'operator.order.coins', defaultMessage: 'Coins' },
  ledger: { id: 'operator.order.ledger', defaultMessage: 'Ledger entries' },
  ledgerEmpty: { id: 'operator.order.ledgerEmpty', defaultMessage: 'No ledger entries' },
  entry: { id: 'operator.order.entry', defaultMessage: 'Entry' },
  deliveries: { id: 'operator.order.deliveries', defaultMessage: 'Delivery' },
  deliveriesEmpty: { id: 'operator.order.deliveriesEmpty', defaultMessage: 'Nothing to deliver' },
  deliveriesLink: {
    id: 'operator.order.deliveriesLink',
    defaultMessage: 'Requeue or resolve them on the Deliveries page',
  },
  gameServer: { id: 'operator.order.gameServer', defaultMessage: 'Game server' },
  command: { id: 'operator.order.command', defaultMessage: 'Command' },
  deliveryState: { id: 'operator.order.deliveryState', defaultMessage: 'State' },
  attempt: { id: 'operator.order.attempt', defaultMessage: 'Attempt {attempt}' },
  finished: { id: 'operator.order.finished', defaultMessage: 'Finished' },
  note: { id: 'operator.order.note', defaultMessage: 'Note' },
  refunds: { id: 'operator.order.refunds', defaultMessage: 'Refunds' },
  refundsEmpty: { id: 'operator.order.refundsEmpty', defaultMessage: 'No refunds yet' },
  to: { id: 'operator.order.to', defaultMessage: 'To' },
  toBalance: { id: 'operator.refund.toBalance', defaultMessage: "The customer's coins" },
  toCard: { id: 'operator.refund.toCard', defaultMessage: 'The card' },
  refundState: { id: 'operator.order.refundState', defaultMessage: 'State' },
  reason: { id: 'operator.order.reason', defaultMessage: 'Reason' },
  by: { id: 'operator.order.by', defaultMessage: 'By' },
  refundTitle: { id: 'operator.refund.title', defaultMessage: 'Refund' },
  refundAmount: { id: 'operator.refund.amount', defaultMessage: 'Coins to refund' },
  refundAmountHint: {
    id: 'operator.refund.amountHint',
    defaultMessage: 'Part or all of what is left, for example 12.50',
  },
  refundTo: { id: 'operator.refund.to', defaultMessage: 'Refund to' },
  refundReason: { id: 'operator.refund.reason', defaultMessage: 'Reason' },
  refundReasonHint: { id: 'operator.refund.reasonHint', defaultMessage: 'Kept in the audit log' },
  submit: { id: 'operator.refund.submit', defaultMessage: 'Refund' },
  pending: { id: 'operator.refund.pending', defaultMessage: 'Refunding…' },
  nothingLeft: { id: 'operator.refund.nothingLeft', defaultMessage: 'Nothing is left to refund.' },
  notPaid: { id: 'operator.refund.notPaid', defaultMessage: 'Only a paid order can be refunded.' },
});

type RefundState = OrderDetail['refunds'][number]['state'];
const refundStateMessages: Record<RefundState, MessageDescriptor> = defineMessages({
  pending: { id: 'operator.refund.state.pending', defaultMessage: 'Pending' },
  succeeded: { id: 'operator.refund.state.succeeded', defaultMessage: 'Done' },
  failed: { id: 'operator.refund.state.failed', defaultMessage: 'Refused' },
});

/**
 * /operator/orders/{id}: the order with its lines, payments, ledger entries, delivery and refunds,
 * what is left to refund and the Refund form (coins, to the balance or to the card it was paid by,
 * a required reason).
 */
export function OrderPage() {
  const say = useText();
  const text = useOptionalText();
  const moment = useMoment();
  const { locale } = useFormats();
  const money = (amount: number, code: string) => formatMoney(amount, { code }, locale);
  const { screen, refund } = route.useLoaderData();
  const state = useSelector(screen, (s) => s.value);
  const detail = useSelector(screen, (s) => s.context.detail);
  const error = useSelector(screen, (s) => s.context.error);
  const view = useFormView(refund, (s) => s.matches('sending'));
  const coinName = useAppSelector((snapshot) => snapshot.context.settings?.internal_currency.name);
  const shown = (state === 'shown' || state === 'reloading') && detail !== null;
  const id = route.useParams({ select: (params) => params.orderId });
  const coins = (amount: number) => <CoinAmount amount={amount} currencyName={coinName} size="sm" />;
  const when = (at: string | null) => (at === null ? '—' : <time dateTime={at}>{moment(at)}</time>);
  const refundable = shown ? refundableOf(detail.order) : 0;
  const byCard = shown && detail.order.payment_method === 'card';

  return (
    <OperatorPage title={messages.title} heading={say(messages.title, { id })}>
      <p className="operator-back">
        <Link to="/operator/orders">{say(messages.back)}</Link>
      </p>
      <ScreenStatus state={state} messages={messages} error={error} screen={screen} />
      {shown && (
        <div className="operator-order">
          <Section title={messages.summary}>
            <dl className="operator-facts">
              <dt>{say(messages.customer)}</dt>
              <dd>
                <Link to="/operator/customers/$customerId" params={{ customerId: detail.order.customer_id }}>
                  {detail.order.customer_email}
                </Link>
              </dd>
              <dt>{say(messages.player)}</dt>
              <dd>{detail.order.player ?? '—'}</dd>
              <dt>{say(messages.placed)}</dt>
              <dd>{when(detail.order.at)}</dd>
              <dt>{say(messages.status)}</dt>
              <dd>{say(orderStatusMessages[detail.order.status])}</dd>
              <dt>{say(messages.paidWith)}</dt>
              <dd>{say(byCard ? messages.byCard : messages.byBalance)}</dd>
              <dt>{say(messages.total)}</dt>
              <dd>{coins(detail.order.total)}</dd>
              <dt>{say(messages.refunded)}</dt>
              <dd>{coins(detail.order.refunded)}</dd>
            </dl>
          </Section>
          <Section title={messages.refunds}>
            <p className="operator-balance" aria-live="polite">
              <span className="operator-balance__label">{say(messages.refundable)}</span>{' '}
              <CoinAmount amount={refundable} currencyName={coinName} size="lg" />
            </p>
            <OperatorTable
              rows={detail.refunds}
              empty={messages.refundsEmpty}
              columns={[
                [messages.when, (r) => when(r.at)],
                [messages.amount, (r) => coins(r.amount)],
                [
                  messages.to,
                  (r) =>
                    r.card === null
                      ? say(messages.toBalance)
                      : `${say(messages.toCard)} (${money(r.card.amount, r.card.currency)})`,
                ],
                [messages.refundState, (r) => say(refundStateMessages[r.state])],
                [messages.reason, (r) => r.reason],
                [messages.by, (r) => r.actor],
              ]}
            />
            <h3 className="operator-section__subtitle">{say(messages.refundTitle)}</h3>
            {detail.order.status !== 'paid' ? (
              <p>{say(messages.notPaid)}</p>
            ) : refundable === 0 ? (
              <p>{say(messages.nothingLeft)}</p>
            ) : (
              <AuthForm
                className="operator-form"
                {...view.form}
                actions={<SubmitButton pending={view.pending} labels={messages} />}
              >
                <TextField
                  label={say(messages.refundAmount)}
                  description={say(messages.refundAmountHint)}
                  inputMode="decimal"
                  autoComplete="off"
                  {...view.field('amount')}
                />
                {byCard && (
                  <fieldset className="operator-choice">
                    <legend className="field__label">{say(messages.refundTo)}</legend>
                    {(['balance', 'card'] as const).map((to) => (
                      <label key={to} className="operator-choice__option">
                        <input
                          type="radio"
                          name="to"
                          value={to}
                          checked={view.values.to === to}
                          onChange={() => refund.send({ type: 'CHANGE', field: 'to', value: to })}
                        />
                        {say(to === 'card' ? messages.toCard : messages.toBalance)}
                      </label>
                    ))}
                    {view.errors.to && <ErrorText>{text(view.errors.to)}</ErrorText>}
                  </fieldset>
                )}
                <TextField
                  label={say(messages.refundReason)}
                  description={say(messages.refundReasonHint)}
                  autoComplete="off"
                  maxLength={500}
                  {...view.field('reason')}
                />
              </AuthForm>
            )}
          </Section>
          <Section title={messages.lines}>
            <OperatorTable
              rows={detail.lines}
              empty={messages.lines}
              columns={[
                [messages.product, (line) => line.title],
                [messages.price, (line) => coins(line.price)],
                [messages.count, (line) => line.count],
              ]}
            />
          </Section>
          <Section title={messages.payments}>
            <OperatorTable
              rows={detail.payments}
              empty={messages.paymentsEmpty}
              columns={[
                [messages.when, (p) => when(p.at)],
                [messages.reference, (p) => p.ref],
                [messages.provider, (p) => p.provider],
                [messages.status, (p) => say(orderStatusMessages[p.status])],
                [messages.amount, (p) => money(p.amount, p.currency)],
                [messages.coins, (p) => coins(p.coins)],
              ]}
            />
          </Section>
          <Section title={messages.ledger}>
            <OperatorTable
              rows={detail.ledger}
              empty={messages.ledgerEmpty}
              columns={[
                [messages.when, (e) => when(e.at)],
                [messages.entry, (e) => say(ledgerReasonMessages[e.reason])],
                [messages.amount, (e) => coins(e.amount)],
              ]}
            />
          </Section>
          <Section
            title={messages.deliveries}
            note={
              detail.deliveries.length > 0 && (
                <Link to="/operator/deliveries" search={{ order_id: detail.order.id }}>
                  {say(messages.deliveriesLink)}
                </Link>
              )
            }
          >
            <OperatorTable
              rows={detail.deliveries}
              empty={messages.deliveriesEmpty}
              columns={[
                [messages.when, (d) => when(d.created_at)],
                [messages.gameServer, (d) => d.game_server],
                [messages.command, (d) => <code>{d.command}</code>],
                [
                  messages.deliveryState,
                  (d) =>
                    `${say(deliveryStateMessages[d.state])} · ${say(messages.attempt, { attempt: d.attempt })}`,
                ],
                [messages.finished, (d) => when(d.finished_at)],
                [messages.note, (d) => d.note ?? d.reply ?? '—'],
              ]}
            />
          </Section>
        </div>
      )}
    </OperatorPage>
  );
}
