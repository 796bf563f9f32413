import { getRouteApi, Link, Outlet } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { defineMessages } from 'react-intl';
import { Button } from '../../components/Button/Button';
import { ErrorText } from '../../components/ErrorText/ErrorText';
import { useOptionalText, useText } from '../../i18n/useText';
import './operator.css';

const route = getRouteApi('/operator');

const messages = defineMessages({
  nav: { id: 'operator.nav.label', defaultMessage: 'Operator console' },
  overview: { id: 'operator.nav.overview', defaultMessage: 'Overview' },
  customers: { id: 'operator.nav.customers', defaultMessage: 'Customers' },
  settings: { id: 'operator.nav.settings', defaultMessage: 'Settings' },
  orders: { id: 'operator.nav.orders', defaultMessage: 'Orders' },
  deliveries: { id: 'operator.nav.deliveries', defaultMessage: 'Deliveries' },
  audit: { id: 'operator.nav.audit', defaultMessage: 'Audit log' },
  products: { id: 'operator.nav.products', defaultMessage: 'Catalogue' },
  currencies: { id: 'operator.nav.currencies', defaultMessage: 'Currencies' },
  pages: { id: 'operator.nav.pages', defaultMessage: 'Content' },
  languages: { id: 'operator.nav.languages', defaultMessage: 'Languages' },
  socialLinks: { id: 'operator.nav.socialLinks', defaultMessage: 'Social links' },
  gameServers: { id: 'operator.nav.gameServers', defaultMessage: 'Game servers' },
  retry: { id: 'operator.access.retry', defaultMessage: 'Try again' },
  failedTitle: { id: 'operator.access.failedTitle', defaultMessage: 'Operator console' },
});

/** The console's sections, in the order of the nav. */
const SECTIONS = [
  { to: '/operator', label: messages.overview, exact: true },
  { to: '/operator/customers', label: messages.customers, exact: false },
  { to: '/operator/orders', label: messages.orders, exact: false },
  { to: '/operator/deliveries', label: messages.deliveries, exact: false },
  { to: '/operator/audit', label: messages.audit, exact: false },
  { to: '/operator/products', label: messages.products, exact: false },
  { to: '/operator/currencies', label: messages.currencies, exact: false },
  { to: '/operator/pages', label: messages.pages, exact: false },
  { to: '/operator/languages', label: messages.languages, exact: false },
  { to: '/operator/social-links', label: messages.socialLinks, exact: false },
  { to: '/operator/game-servers', label: messages.gameServers, exact: false },
  { to: '/operator/settings', label: messages.settings, exact: false },
] as const;

/**
 * /operator (docs/architecture.md §3b): the console's nav above the open page for an operator, or
 * why the console could not be opened with Retry. A customer (403) never gets here: the route shows
 * the app's not-found page (docs/decisions/0044-operator-console.md).
 */
export function OperatorLayout() {
  const say = useText();
  const text = useOptionalText();
  const access = route.useLoaderData({ select: (data) => data.screen });
  const state = useSelector(access, (s) => s.value);
  const error = useSelector(access, (s) => s.context.error);

  if (state !== 'allowed') {
    return (
      <main className="page page--centered">
        <h1>{say(messages.failedTitle)}</h1>
        <ErrorText>{text(error)}</ErrorText>
        <Button variant="secondary" onPress={() => access.send({ type: 'RETRY' })}>
          {say(messages.retry)}
        </Button>
      </main>
    );
  }
  return (
    <main className="page operator">
      <nav className="operator__nav" aria-label={say(messages.nav)}>
        <ul className="operator__sections">
          {SECTIONS.map((section) => (
            <li key={section.to}>
              <Link
                to={section.to}
                className="operator__section"
                activeOptions={{ includeSearch: false, exact: section.exact }}
              >
                {say(section.label)}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <div className="operator__panel">
        <Outlet />
      </div>
    </main>
  );
}
