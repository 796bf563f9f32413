import { useRouter } from '@tanstack/react-router';
import { useIntl } from 'react-intl';
import type { Actor, AnyActorLogic } from 'xstate';
import type { NoticeKind } from '../../../machines/domain';
import { useChild } from '../app/AppActorContext';
import { formText } from '../forms/formMessages';

type FormEvent =
  | { type: 'signedIn'; token: string; emailVerified: boolean }
  | { type: 'navigate'; to: string }
  | { type: 'notify'; kind: NoticeKind; message: string };

/**
 * Connects a form actor's emitted events to the app (for `useMountedActor`): signedIn goes to the
 * session (which stores the token and marker; the app then reloads profile and cart), notify to
 * the toasts, navigate to the router.
 */
export function useFormEvents() {
  const session = useChild('session');
  const toasts = useChild('toasts');
  const router = useRouter();
  const intl = useIntl();
  return (actor: Actor<AnyActorLogic>) => {
    const subscriptions = [
      actor.on('signedIn', (event: FormEvent) => {
        if (event.type === 'signedIn') {
          session.send({ type: 'SIGNED_IN', token: event.token, emailVerified: event.emailVerified });
        }
      }),
      actor.on('notify', (event: FormEvent) => {
        if (event.type === 'notify') {
          toasts.send({ type: 'SHOW', kind: event.kind, message: formText(intl, event.message) });
        }
      }),
      actor.on('navigate', (event: FormEvent) => {
        if (event.type === 'navigate') router.history.push(event.to);
      }),
    ];
    return () => {
      for (const subscription of subscriptions) subscription.unsubscribe();
    };
  };
}
