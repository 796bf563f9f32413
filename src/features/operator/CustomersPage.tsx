import { getRouteApi, Link } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { defineMessages } from 'react-intl';
import { Button } from '../../components/Button/Button';
import { CoinAmount } from '../../components/CoinAmount/CoinAmount';
import { EmptyState } from '../../components/EmptyState/EmptyState';
import { ErrorText } from '../../components/ErrorText/ErrorText';
import { Spinner } from '../../components/Spinner/Spinner';
import { TextField } from '../../components/TextField/TextField';
import { formatDate } from '../../i18n/dates';
import { useOptionalText, useText } from '../../i18n/useText';
import { useAppSelector } from '../app/AppActorContext';
import { OperatorPage } from './OperatorPage';

const route = getRouteApi('/operator/customers');

export const customerListMessages = defineMessages({
  title: { id: 'operator.customers.title', defaultMessage: 'Customers' },
  search: { id: 'operator.customers.search', defaultMessage: 'Find a customer' },
  searchHint: {
    id: 'operator.customers.searchHint',
    defaultMessage: 'Part of the email, name, surname or player',
  },
  searchButton: { id: 'operator.customers.searchButton', defaultMessage: 'Search' },
  loading: { id: 'operator.customers.loading', defaultMessage: 'Loading customers…' },
  empty: { id: 'operator.customers.empty', defaultMessage: 'No customers match' },
  emptyAll: { id: 'operator.customers.emptyAll', defaultMessage: 'No customers yet' },
  retry: { id: 'operator.customers.retry', defaultMessage: 'Try again' },
  more: { id: 'operator.customers.more', defaultMessage: 'Show more customers' },
  email: { id: 'operator.customers.email', defaultMessage: 'Email' },
  name: { id: 'operator.customers.name', defaultMessage: 'Name' },
  player: { id: 'operator.customers.player', defaultMessage: 'Player' },
  balance: { id: 'operator.customers.balance', defaultMessage: 'Balance' },
  joined: { id: 'operator.customers.joined', defaultMessage: 'Joined' },
  operatorRole: { id: 'operator.customers.operatorRole', defaultMessage: 'Operator' },
  unverified: { id: 'operator.customers.unverified', defaultMessage: 'Email not verified' },
});

/**
 * /operator/customers: the search (part of the email, name or player, kept in the address as
 * `?q=`) and the newest matching accounts, a page at a time, each leading to its page.
 */
export function CustomersPage() {
  const say = useText();
  const text = useOptionalText();
  const screen = route.useLoaderData({ select: (data) => data.screen });
  const state = useSelector(screen, (s) => s.value);
  const query = useSelector(screen, (s) => s.context.query);
  const searched = useSelector(screen, (s) => s.context.q);
  const customers = useSelector(screen, (s) => s.context.customers);
  const more = useSelector(screen, (s) => s.context.more);
  const error = useSelector(screen, (s) => s.context.error);
  const moreError = useSelector(screen, (s) => s.context.moreError);
  const coinName = useAppSelector((snapshot) => snapshot.context.settings?.internal_currency.name);
  const listed = state === 'filled' || state === 'loadingMore';
  const m = customerListMessages;

  return (
    <OperatorPage title={m.title}>
      {/* biome-ignore lint/a11y/useSemanticElements: <search> is unknown to Safari before 17 (and jsdom) */}
      <form
        role="search"
        className="operator-search"
        onSubmit={(event) => {
          event.preventDefault();
          screen.send({ type: 'SEARCH' });
        }}
      >
        <TextField
          className="operator-search__field"
          type="search"
          name="q"
          label={say(m.search)}
          description={say(m.searchHint)}
          value={query}
          onChange={(value) => screen.send({ type: 'CHANGE', value })}
        />
        <Button type="submit" variant="secondary">
          {say(m.searchButton)}
        </Button>
      </form>
      {state === 'loading' && (
        <p className="operator-status" role="status">
          <Spinner size="sm" decorative />
          <span>{say(m.loading)}</span>
        </p>
      )}
      {state === 'error' && (
        <div className="operator-status">
          <ErrorText>{text(error)}</ErrorText>
          <Button variant="secondary" size="sm" onPress={() => screen.send({ type: 'RETRY' })}>
            {say(m.retry)}
          </Button>
        </div>
      )}
      {state === 'empty' && (
        <EmptyState headingLevel={2} title={say(searched === '' ? m.emptyAll : m.empty)} />
      )}
      {listed && (
        <>
          <table className="operator-table">
            <thead>
              <tr>
                <th scope="col">{say(m.email)}</th>
                <th scope="col">{say(m.name)}</th>
                <th scope="col">{say(m.player)}</th>
                <th scope="col">{say(m.balance)}</th>
                <th scope="col">{say(m.joined)}</th>
              </tr>
            </thead>
            <tbody>
              {customers.map((customer) => (
                <tr key={customer.id}>
                  <td data-label={say(m.email)}>
                    <Link
                      to="/operator/customers/$customerId"
                      params={{ customerId: customer.id }}
                      className="operator-table__link"
                    >
                      {customer.email}
                    </Link>
                    {customer.role === 'operator' && (
                      <span className="operator-tag">{say(m.operatorRole)}</span>
                    )}
                    {!customer.email_verified && <span className="operator-tag">{say(m.unverified)}</span>}
                  </td>
                  <td data-label={say(m.name)}>{`${customer.name} ${customer.surname}`.trim()}</td>
                  <td data-label={say(m.player)}>{customer.player ?? '—'}</td>
                  <td data-label={say(m.balance)}>
                    <CoinAmount amount={customer.balance} currencyName={coinName} size="sm" />
                  </td>
                  <td data-label={say(m.joined)}>
                    <time dateTime={customer.created_at}>{formatDate(customer.created_at)}</time>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          {moreError && <ErrorText>{text(moreError)}</ErrorText>}
          {more && (
            <Button
              variant="secondary"
              className="operator-more"
              isPending={state === 'loadingMore'}
              onPress={() => screen.send({ type: 'MORE' })}
            >
              {say(m.more)}
            </Button>
          )}
        </>
      )}
    </OperatorPage>
  );
}
