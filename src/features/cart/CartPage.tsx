import { getRouteApi, Link } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import { cartTotal, limitHint, lineSteps } from '../../../machines/cart';
import { cartLocked } from '../../../machines/checkout';
import { awaitingPayment, type ordersMachine } from '../../../machines/orders';
import type { CartItem } from '../../../machines/shapes';
import { defineMessages, withValues } from '../../../machines/text';
import { buttonClass } from '../../components/Button/buttonClass';
import { EmptyState } from '../../components/EmptyState/EmptyState';
import { ErrorText } from '../../components/ErrorText/ErrorText';
import { LinkButton } from '../../components/LinkButton/LinkButton';
import { Spinner } from '../../components/Spinner/Spinner';
import { useOptionalText, useText } from '../../i18n/useText';
import { useChild } from '../app/AppActorContext';
import { CoinPrice } from '../shared/CoinPrice';
import { OrderPaymentActions } from '../shared/OrderPaymentActions';
import { CheckoutPanel } from './CheckoutPanel';
import '../shared/storePage.css';
import './cart.css';

const route = getRouteApi('/cart');

const messages = defineMessages({
  title: { id: 'cart.title', defaultMessage: 'Cart' },
  empty: { id: 'cart.empty.title', defaultMessage: 'Your cart is empty' },
  emptyText: { id: 'cart.empty.text', defaultMessage: 'Find something you like in the shop.' },
  toShop: { id: 'cart.empty.toShop', defaultMessage: 'Go to the shop' },
  unitPrice: { id: 'cart.line.unitPrice', defaultMessage: 'Price' },
  quantityOf: { id: 'cart.line.quantity', defaultMessage: 'Quantity of {title}' },
  lineTotal: { id: 'cart.line.total', defaultMessage: 'Line total' },
  fewer: { id: 'cart.line.fewer', defaultMessage: 'One fewer {title}' },
  more: { id: 'cart.line.more', defaultMessage: 'One more {title}' },
  remove: { id: 'cart.line.remove', defaultMessage: 'Remove' },
  removeNamed: { id: 'cart.line.removeNamed', defaultMessage: 'Remove {title}' },
  clear: { id: 'cart.clear', defaultMessage: 'Clear cart' },
  total: { id: 'cart.total', defaultMessage: 'Total' },
  updating: { id: 'cart.line.updating', defaultMessage: 'Updating…' },
  awaiting: { id: 'cart.awaiting.title', defaultMessage: 'Waiting for payment' },
  awaitingText: {
    id: 'cart.awaiting.text',
    defaultMessage:
      'The card payment of these orders is not finished. Pay now, or cancel to put the items back into your cart.',
  },
  orderNumber: { id: 'cart.awaiting.order', defaultMessage: 'Order #{id}' },
});

/** /cart (docs/product.md §2 CartPage): the lines, their changes, the total and checkout. */
export function CartPage() {
  const say = useText();
  const text = useOptionalText();
  const checkout = route.useLoaderData({ select: (data) => data.screen });
  const orders = route.useLoaderData({ select: (data) => data.orders });
  const cart = useChild('cart');
  const items = useSelector(cart, (snapshot) => snapshot.context.items);
  const loading = useSelector(cart, (snapshot) => snapshot.matches('loading'));
  const error = useSelector(cart, (snapshot) => snapshot.context.error);
  const loadFailed = useSelector(cart, (snapshot) => snapshot.matches('error'));
  const busy = useSelector(cart, (snapshot) => snapshot.hasTag('busy'));
  const changing = useSelector(cart, (snapshot) => snapshot.context.changing);
  const clearing = useSelector(cart, (snapshot) => snapshot.matches('clearing'));
  const locked = useSelector(checkout, cartLocked);
  const total = cartTotal(items);

  return (
    <main className="store-page cart" aria-busy={loading || busy}>
      <h1>{say(messages.title)}</h1>
      <AwaitingPayment orders={orders} />
      {loading && items.length === 0 && (
        <div className="store-page__status">
          <Spinner size="lg" />
        </div>
      )}
      {loadFailed && <ErrorText>{text(error)}</ErrorText>}
      {!loading && !loadFailed && items.length === 0 && (
        <EmptyState
          title={say(messages.empty)}
          description={say(messages.emptyText)}
          action={
            <LinkButton render={(props) => <Link to="/shop" {...props} />}>{say(messages.toShop)}</LinkButton>
          }
        />
      )}
      {items.length > 0 && (
        <div className="cart__layout">
          <section className="cart__lines" aria-label={say(messages.title)}>
            <ul className="cart__list">
              {items.map((line) => (
                <CartLine
                  key={line.id}
                  line={line}
                  inProgress={changing === line.id || clearing}
                  locked={locked}
                  onCount={(count) => cart.send({ type: 'SET_COUNT', id: line.id, count })}
                  onRemove={() => cart.send({ type: 'REMOVE', id: line.id })}
                />
              ))}
            </ul>
            <button
              type="button"
              className={buttonClass('ghost', 'sm', false, 'cart__clear')}
              aria-disabled={locked || undefined}
              onClick={() => {
                if (!locked) cart.send({ type: 'CLEAR' });
              }}
            >
              {say(messages.clear)}
            </button>
          </section>
          <aside className="cart__summary">
            <p className="cart__total">
              <span>{say(messages.total)}</span>
              <CoinPrice amount={total} size="lg" />
            </p>
            <CheckoutPanel checkout={checkout} />
          </aside>
        </div>
      )}
    </main>
  );
}

/** The customer's card orders waiting for their payment (ADR 0028): Pay now or Cancel order. */
function AwaitingPayment({ orders }: { orders: ActorRefFrom<typeof ordersMachine> }) {
  const say = useText();
  const text = useOptionalText();
  const waiting = useSelector(orders, (snapshot) => awaitingPayment(snapshot.context.orders));
  const actionError = useSelector(orders, (snapshot) => snapshot.context.actionError);
  if (waiting.length === 0 && actionError === null) return null;
  return (
    <section className="cart__awaiting" aria-labelledby="cart-awaiting-title">
      <h2 id="cart-awaiting-title">{say(messages.awaiting)}</h2>
      <p>{say(messages.awaitingText)}</p>
      {actionError && <ErrorText>{text(actionError)}</ErrorText>}
      <ul className="cart__awaiting-list">
        {waiting.map((order) => (
          <li key={order.id} className="cart__awaiting-order">
            <div className="cart__awaiting-head">
              <h3>{say(withValues(messages.orderNumber, { id: order.id }))}</h3>
              <CoinPrice amount={order.total} />
            </div>
            <p className="cart__awaiting-items">
              {order.items
                .map((item) => (item.count > 1 ? `${item.title} × ${item.count}` : item.title))
                .join(', ')}
            </p>
            <OrderPaymentActions orders={orders} order={order} />
          </li>
        ))}
      </ul>
    </section>
  );
}

interface CartLineProps {
  line: CartItem;
  inProgress: boolean;
  locked: boolean;
  onCount: (count: number) => void;
  onRemove: () => void;
}

function CartLine({ line, inProgress, locked, onCount, onRemove }: CartLineProps) {
  const say = useText();
  const title = line.item.title;
  const steps = lineSteps(line);
  const hint = limitHint(line.item, line.max_count);
  const hintId = `cart-line-${line.id}-limit`;
  const act = (action: () => void) => () => {
    if (!locked) action();
  };
  return (
    <li className="cart-line" aria-busy={inProgress}>
      <img
        className="product-art cart-line__image"
        src={line.item.img_url}
        alt=""
        width={80}
        height={80}
        loading="lazy"
      />
      <div className="cart-line__main">
        <h2 className="cart-line__title">{title}</h2>
        <p className="cart-line__unit">
          <span className="visually-hidden">{say(messages.unitPrice)} </span>
          <CoinPrice amount={line.item.price} size="sm" />
        </p>
        {hint && (
          <p id={hintId} className="cart-line__limit">
            {say(hint)}
          </p>
        )}
      </div>
      <fieldset className="cart-line__quantity" aria-describedby={hint ? hintId : undefined}>
        <legend className="visually-hidden">{say(withValues(messages.quantityOf, { title }))}</legend>
        <button
          type="button"
          className="cart-line__step"
          aria-label={say(withValues(messages.fewer, { title }))}
          aria-disabled={locked || steps.fewer === null || undefined}
          onClick={act(() => steps.fewer !== null && onCount(steps.fewer))}
        >
          −
        </button>
        <output className="cart-line__count" aria-live="polite">
          {line.count}
        </output>
        <button
          type="button"
          className="cart-line__step"
          aria-label={say(withValues(messages.more, { title }))}
          aria-disabled={locked || steps.more === null || undefined}
          onClick={act(() => steps.more !== null && onCount(steps.more))}
        >
          +
        </button>
      </fieldset>
      <p className="cart-line__total">
        <span className="visually-hidden">{say(messages.lineTotal)} </span>
        <CoinPrice amount={line.item.price * line.count} />
      </p>
      <div className="cart-line__actions">
        {inProgress && <Spinner size="sm" label={say(messages.updating)} />}
        <button
          type="button"
          className={buttonClass('ghost', 'sm')}
          aria-label={say(withValues(messages.removeNamed, { title }))}
          aria-disabled={locked || undefined}
          onClick={act(onRemove)}
        >
          {say(messages.remove)}
        </button>
      </div>
    </li>
  );
}
