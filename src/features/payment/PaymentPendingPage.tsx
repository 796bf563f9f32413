import { useNavigate, useRouter, useSearch } from '@tanstack/react-router';
import { useMemo } from 'react';
import { defineMessages, FormattedMessage } from 'react-intl';
import { paymentStatusMachine } from '../../../machines/paymentStatus';
import { Spinner } from '../../components/Spinner/Spinner';
import { useMountedActor } from '../pages/useMountedActor';
import { fetchPaymentStatus } from './paymentActors';
import { ResultActions } from './ResultActions';
import { ResultIcon } from './ResultIcon';
import { SupportEmail } from './SupportEmail';
import '../pages/pages.css';
import './payment.css';

const messages = defineMessages({
  title: { id: 'payment.pending.title', defaultMessage: 'Your payment is being processed' },
  text: {
    id: 'payment.pending.text',
    defaultMessage: 'This usually takes a few moments. We will let you know as soon as it is complete.',
  },
});

/**
 * /pending-payment and /processing-payment. With a `payment` reference in the query the page
 * follows the payment (paymentStatus machine) and moves on to the success or failure page.
 */
export function PaymentPendingPage() {
  const { payment } = useSearch({ strict: false });
  return (
    <main className="page page--centered" aria-busy="true">
      <ResultIcon kind="pending" />
      <h1>
        <FormattedMessage {...messages.title} />
      </h1>
      <p>
        <FormattedMessage {...messages.text} />
      </p>
      <Spinner size="lg" className="payment-result__spinner" />
      {payment && <PaymentWatcher key={payment} paymentId={payment} />}
      <SupportEmail />
      <ResultActions primary="account" />
    </main>
  );
}

/** Polls the payment while mounted; leaving the page stops the actor and so the polling. */
function PaymentWatcher({ paymentId }: { paymentId: string }) {
  const { api } = useRouter().options.context;
  const navigate = useNavigate();
  const logic = useMemo(
    () => paymentStatusMachine.provide({ actors: { fetchPaymentStatus: fetchPaymentStatus(api) } }),
    [api],
  );
  const input = useMemo(() => ({ paymentId }), [paymentId]);
  useMountedActor(logic, input, (watcher) => {
    const subscription = watcher.on('navigate', ({ to }) => void navigate({ to, replace: true }));
    return () => subscription.unsubscribe();
  });
  return null;
}
