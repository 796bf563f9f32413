import { useSelector } from '@xstate/react';
import { useMemo } from 'react';
import { LazyToasts } from '../../components/Toasts/LazyToasts';
import { useText } from '../../i18n/useText';
import { useChild } from '../app/AppActorContext';

/** The toast queue machine's toasts, bottom right, outside the routed page so navigation keeps them. */
export function ShellToasts() {
  const toasts = useChild('toasts');
  const format = useText();
  const queued = useSelector(toasts, (snapshot) => snapshot.context.toasts);
  const items = useMemo(
    () => queued.map(({ id, kind, text }) => ({ id, kind, message: format(text) })),
    [queued, format],
  );
  return <LazyToasts toasts={items} onDismiss={(id) => toasts.send({ type: 'DISMISS', id })} />;
}
