import { useSelector } from '@xstate/react';
import { LazyToasts } from '../../components/Toasts/LazyToasts';
import { useChild } from '../app/AppActorContext';

/** The toast queue machine's toasts, bottom right, outside the routed page so navigation keeps them. */
export function ShellToasts() {
  const toasts = useChild('toasts');
  const items = useSelector(toasts, (snapshot) => snapshot.context.toasts);
  return <LazyToasts toasts={items} onDismiss={(id) => toasts.send({ type: 'DISMISS', id })} />;
}
