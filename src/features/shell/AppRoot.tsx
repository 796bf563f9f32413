import { RouterProvider } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { useEffect } from 'react';
import { defineMessages, FormattedMessage, useIntl } from 'react-intl';
import { IntlProvider } from '../../i18n/IntlProvider';
import type { AppRouter } from '../../routes/router';
import { useAppSelector, useChild } from '../app/AppActorContext';
import { injectGoogleTag } from './googleTag';
import './AppRoot.css';

const messages = defineMessages({
  loading: { id: 'shell.startup.loading', defaultMessage: 'Loading...' },
  initError: {
    id: 'shell.startup.initError',
    defaultMessage: 'An error occurred during initialization:',
  },
});

/** The router does no scrolling of its own: the shell's scroll rule (SPEC §2) decides. */
const routerScrollsNever = () => false;

/**
 * The start-up spinner, the initialization error, or the routed app (SPEC §2 "Shell", §8), in
 * the chosen language: its code and the server's messages merged over the English catalogue.
 */
export function AppRoot({ router }: { router: AppRouter }) {
  const phase = useAppSelector((snapshot) =>
    snapshot.matches('loading') ? 'loading' : snapshot.matches('initError') ? 'error' : 'ready',
  );
  const initError = useAppSelector((snapshot) => snapshot.context.initError);
  const googleTag = useAppSelector((snapshot) => snapshot.context.settings?.google_tag ?? null);
  const language = useChild('language');
  const locale = useSelector(
    language,
    (snapshot) =>
      snapshot.context.languages.find((candidate) => candidate.id === snapshot.context.languageId)?.code ??
      'en',
  );
  const serverMessages = useSelector(language, (snapshot) => snapshot.context.messages);

  useEffect(() => injectGoogleTag(googleTag), [googleTag]);
  useEffect(() => {
    document.documentElement.lang = locale;
  }, [locale]);

  return (
    <IntlProvider locale={locale} messages={serverMessages}>
      {phase === 'loading' && <StartupSpinner />}
      {phase === 'error' && (
        <main className="app-status" role="alert">
          <p>
            <FormattedMessage {...messages.initError} /> {initError}
          </p>
        </main>
      )}
      {phase === 'ready' && <RouterProvider router={router} scrollRestoration={routerScrollsNever} />}
    </IntlProvider>
  );
}

/** A CSS-only spinner: the first paint needs no component library. */
function StartupSpinner() {
  const intl = useIntl();
  return (
    <main className="app-status">
      <span
        className="app-status__spinner"
        role="progressbar"
        aria-label={intl.formatMessage(messages.loading)}
      />
    </main>
  );
}
