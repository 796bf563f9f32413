// The only module that touches react-aria's UNSTABLE toast API: a rename upstream changes this file alone.
import { useEffect, useRef, useState } from 'react';
import {
  Button as AriaButton,
  Text,
  UNSTABLE_Toast as Toast,
  UNSTABLE_ToastContent as ToastContent,
  UNSTABLE_ToastQueue as ToastQueue,
  UNSTABLE_ToastRegion as ToastRegion,
} from 'react-aria-components';
import './Toasts.css';
import { useText } from '../../i18n/useText';
import { CloseIcon } from '../CloseIcon/CloseIcon';

export type ToastKind = 'success' | 'error' | 'info';

export interface ToastItem {
  id: string;
  kind: ToastKind;
  message: string;
}

export interface ToastsProps {
  /** The toasts to show, oldest first (the toast queue machine's context). */
  toasts: readonly ToastItem[];
  /** The user closed a toast; the owner of `toasts` removes it. */
  onDismiss: (id: string) => void;
}

/**
 * A controlled toast region at the bottom right. The toast queue (order, 3000 ms timers) lives
 * outside; this mirrors `toasts` into react-aria's queue, which gives the landmark region, focus
 * handling (F6 reaches the region) and the close buttons.
 */
export function Toasts({ toasts, onDismiss }: ToastsProps) {
  const say = useText();
  const [queue] = useState(() => new ToastQueue<ToastItem>());
  /** Our id → react-aria's key, for the toasts currently in `queue`. */
  const keys = useRef(new Map<string, string>());
  const dismiss = useRef(onDismiss);
  dismiss.current = onDismiss;

  useEffect(() => {
    const wanted = new Set(toasts.map((toast) => toast.id));
    for (const [id, key] of keys.current) {
      if (wanted.has(id)) continue;
      // Forget it first, so the queue's onClose below does not report it back as a user dismissal.
      keys.current.delete(id);
      queue.close(key);
    }
    for (const toast of toasts) {
      if (keys.current.has(toast.id)) continue;
      const key = queue.add(toast, {
        onClose: () => {
          if (!keys.current.delete(toast.id)) return;
          dismiss.current(toast.id);
        },
      });
      keys.current.set(toast.id, key);
    }
  }, [toasts, queue]);

  return (
    <ToastRegion
      queue={queue}
      className="toasts"
      aria-label={say({ id: 'components.toasts.region', defaultMessage: 'Notifications' })}
    >
      {({ toast }) => (
        <Toast toast={toast} className={`toast toast--${toast.content.kind}`}>
          <ToastContent className="toast__content">
            <Text slot="title" className="toast__message">
              {toast.content.message}
            </Text>
          </ToastContent>
          <AriaButton
            slot="close"
            className="toast__close"
            aria-label={say({ id: 'components.toasts.dismiss', defaultMessage: 'Close' })}
          >
            <CloseIcon small />
          </AriaButton>
        </Toast>
      )}
    </ToastRegion>
  );
}
