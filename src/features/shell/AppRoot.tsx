import { RouterProvider } from '@tanstack/react-router';
import { IntlProvider } from '../../i18n/IntlProvider';
import type { AppRouter } from '../../routes/router';
import { useAppSelector } from '../app/AppActorContext';

/** Start-up spinner, the initialization error, or the routed app (SPEC §2 "Shell", §8). */
export function AppRoot({ router }: { router: AppRouter }) {
  const state = useAppSelector((snapshot) =>
    snapshot.matches('loading') ? 'loading' : snapshot.matches('initError') ? 'error' : 'ready',
  );
  const initError = useAppSelector((snapshot) => snapshot.context.initError);
  if (state === 'loading') return <p>Loading...</p>;
  if (state === 'error') return <p>An error occurred during initialization: {initError}</p>;
  return (
    <IntlProvider locale="en" messages={{}}>
      <RouterProvider router={router} />
    </IntlProvider>
  );
}
