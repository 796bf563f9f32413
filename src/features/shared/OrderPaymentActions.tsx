import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import { type Order, type ordersMachine, ordersMessages } from '../../../machines/orders';
import { withValues } from '../../../machines/text';
import { Button } from '../../components/Button/Button';
import { clockTime, useFormats } from '../../i18n/useFormats';
import { useText } from '../../i18n/useText';
import './order-actions.css';

export interface OrderPaymentActionsProps {
  orders: ActorRefFrom<typeof ordersMachine>;
  order: Order;
}

/**
 * Pay now / Cancel order for a card order waiting for its payment (ADR 0028), in the cart and the
 * order history: sends PAY or CANCEL, shows which one runs.
 */
export function OrderPaymentActions({ orders, order }: OrderPaymentActionsProps) {
  const say = useText();
  const formats = useFormats();
  const acting = useSelector(orders, (snapshot) => snapshot.context.acting);
  const paying = useSelector(
    orders,
    (snapshot) => snapshot.matches('paying') || snapshot.matches('redirecting'),
  );
  const cancelling = useSelector(orders, (snapshot) => snapshot.matches('cancelling'));
  const busy = useSelector(orders, (snapshot) => snapshot.hasTag('busy'));
  const mine = acting === order.id;
  const values = { id: order.id };
  return (
    <div className="order-actions">
      {order.expires_at !== null && (
        <p className="order-actions__expires">
          {say(
            withValues(ordersMessages.expires, {
              time: formats.formatTime(order.expires_at, clockTime),
            }),
          )}
        </p>
      )}
      <div className="order-actions__buttons">
        {order.can_pay && (
          <Button
            size="sm"
            aria-label={mine && paying ? undefined : say(withValues(ordersMessages.payNamed, values))}
            isPending={mine && paying}
            isDisabled={busy && !mine}
            onPress={() => orders.send({ type: 'PAY', orderId: order.id })}
          >
            {say(mine && paying ? ordersMessages.paying : ordersMessages.pay)}
          </Button>
        )}
        {order.can_cancel && (
          <Button
            size="sm"
            variant="ghost"
            aria-label={mine && cancelling ? undefined : say(withValues(ordersMessages.cancelNamed, values))}
            isPending={mine && cancelling}
            isDisabled={busy && !mine}
            onPress={() => orders.send({ type: 'CANCEL', orderId: order.id })}
          >
            {say(mine && cancelling ? ordersMessages.cancelling : ordersMessages.cancel)}
          </Button>
        )}
      </div>
    </div>
  );
}
