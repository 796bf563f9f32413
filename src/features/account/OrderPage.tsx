import { getRouteApi, Link } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { defineMessages } from 'react-intl';
import { formatMoney } from '../../../domain/money-text';
import { Button } from '../../components/Button/Button';
import { CoinAmount } from '../../components/CoinAmount/CoinAmount';
import { EmptyState } from '../../components/EmptyState/EmptyState';
import { formatDate } from '../../i18n/dates';
import { clockTime, useFormats } from '../../i18n/useFormats';
import { useOptionalText, useText } from '../../i18n/useText';
import { useAppSelector } from '../app/AppActorContext';
import { useCoinName } from '../shared/coinName';
import { AccountSection } from './AccountSection';
import { dateAndTime, paymentMethodMessages, orderStatusMessages as statusMessages } from './orderMessages';
import { TabStatus } from './TabStatus';

const route = getRouteApi('/account/orders/$orderId');

const messages = defineMessages({
  title: { id: 'account.order.title', defaultMessage: 'Order' },
  number: { id: 'account.order.number', defaultMessage: 'Order #{id}' },
  back: { id: 'account.order.back', defaultMessage: 'All orders' },
  loading: { id: 'account.order.loading', defaultMessage: 'Loading the order...' },
  notFound: { id: 'account.order.notFound', defaultMessage: 'There is no such order.' },
  retry: { id: 'account.order.retry', defaultMessage: 'Try again' },
  print: { id: 'account.order.print', defaultMessage: 'Print receipt' },
  placed: { id: 'account.order.placed', defaultMessage: 'Placed' },
  status: { id: 'account.order.status', defaultMessage: 'Status' },
  method: { id: 'account.order.method', defaultMessage: 'Paid with' },
  product: { id: 'account.order.product', defaultMessage: 'Product' },
  price: { id: 'account.order.price', defaultMessage: 'Price' },
  count: { id: 'account.order.count', defaultMessage: 'Quantity' },
  lineTotal: { id: 'account.order.lineTotal', defaultMessage: 'Amount' },
  total: { id: 'account.order.total', defaultMessage: 'Total' },
  payments: { id: 'account.order.payments', defaultMessage: 'Payments' },
  card: { id: 'account.order.card', defaultMessage: 'Charged to the card' },
  registration: { id: 'account.order.registration', defaultMessage: 'Registration: {number}' },
});

/**
 * /account/orders/{id}: the order's number, time, status and payment method, its lines, the coin
 * total and each payment (coins, and what a card was charged). Print receipt prints it: the print
 * stylesheet hides the shell and shows the operator's company details (GET /settings).
 */
export function OrderPage() {
  const say = useText();
  const text = useOptionalText();
  const { locale, formatTime } = useFormats();
  const screen = route.useLoaderData({ select: (data) => data.screen });
  const state = useSelector(screen, (s) => s.value);
  const order = useSelector(screen, (s) => s.context.detail);
  const error = useSelector(screen, (s) => s.context.error);
  const settings = useAppSelector((snapshot) => snapshot.context.settings);
  const coinName = useCoinName();
  const coins = (amount: number) => <CoinAmount amount={amount} currencyName={coinName} size="sm" />;
  const when = (at: string) => (
    <time dateTime={at}>
      {say(dateAndTime, { date: formatDate(at, locale), time: formatTime(at, clockTime) })}
    </time>
  );
  const shown = (state === 'shown' || state === 'reloading') && order !== null;

  return (
    <AccountSection
      title={messages.title}
      actions={
        shown && (
          <Button
            variant="secondary"
            size="sm"
            className="receipt__print"
            onPress={() => screen.send({ type: 'PRINT' })}
          >
            {say(messages.print)}
          </Button>
        )
      }
    >
      <p className="receipt__back">
        <Link to="/account/order-history">{say(messages.back)}</Link>
      </p>
      <TabStatus
        state={state}
        loading={say(messages.loading)}
        error={text(error)}
        retry={say(messages.retry)}
        onRetry={() => screen.send({ type: 'RETRY' })}
      />
      {state === 'notFound' && <EmptyState headingLevel={3} title={say(messages.notFound)} />}
      {shown && (
        <article className="receipt">
          <address className="receipt__company">
            {settings?.company_name && <strong>{settings.company_name}</strong>}
            {settings?.company_address && <span>{settings.company_address}</span>}
            {settings?.company_reg_number && (
              <span>{say(messages.registration, { number: settings.company_reg_number })}</span>
            )}
            {settings?.requisites && <span>{settings.requisites}</span>}
          </address>
          <h3 className="receipt__number">{say(messages.number, { id: order.id })}</h3>
          <dl className="receipt__facts">
            <div>
              <dt>{say(messages.placed)}</dt>
              <dd>{when(order.created_at)}</dd>
            </div>
            <div>
              <dt>{say(messages.status)}</dt>
              <dd>
                <span className={`order-status order-status--${order.status}`}>
                  {say(statusMessages[order.status])}
                </span>
              </dd>
            </div>
            <div>
              <dt>{say(messages.method)}</dt>
              <dd>{say(paymentMethodMessages[order.payment_method])}</dd>
            </div>
          </dl>
          <table className="orders receipt__lines">
            <thead>
              <tr>
                <th scope="col">{say(messages.product)}</th>
                <th scope="col">{say(messages.price)}</th>
                <th scope="col">{say(messages.count)}</th>
                <th scope="col">{say(messages.lineTotal)}</th>
              </tr>
            </thead>
            <tbody>
              {order.lines.map((line) => (
                <tr key={`${line.product_id}-${line.title}`}>
                  <td data-label={say(messages.product)}>{line.title}</td>
                  <td data-label={say(messages.price)}>{coins(line.price)}</td>
                  <td data-label={say(messages.count)}>{line.count}</td>
                  <td data-label={say(messages.lineTotal)}>{coins(line.price * line.count)}</td>
                </tr>
              ))}
            </tbody>
            <tfoot>
              <tr>
                <th scope="row" colSpan={3}>
                  {say(messages.total)}
                </th>
                <td data-label={say(messages.total)}>{coins(order.total)}</td>
              </tr>
            </tfoot>
          </table>
          {order.payments.length > 0 && (
            <>
              <h4 className="receipt__heading">{say(messages.payments)}</h4>
              <ul className="receipt__payments">
                {order.payments.map((payment) => (
                  <li key={`${payment.method}-${payment.at}`}>
                    <span>{say(paymentMethodMessages[payment.method])}</span>
                    {coins(payment.coins)}
                    {payment.card && (
                      <span>
                        {say(messages.card)}:{' '}
                        {formatMoney(payment.card.amount, { code: payment.card.currency }, locale)}
                      </span>
                    )}
                    <span className={`order-status order-status--${payment.status}`}>
                      {say(statusMessages[payment.status])}
                    </span>
                    {when(payment.at)}
                  </li>
                ))}
              </ul>
            </>
          )}
        </article>
      )}
    </AccountSection>
  );
}
