import { getRouteApi } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { defineMessages } from 'react-intl';
import { CoinAmount } from '../../components/CoinAmount/CoinAmount';
import { TextField } from '../../components/TextField/TextField';
import { formatDate } from '../../i18n/dates';
import { useText } from '../../i18n/useText';
import { useAppSelector } from '../app/AppActorContext';
import { OperatorPage } from './OperatorPage';
import { RowLink, SearchForm, SearchResults } from './parts';

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
  const screen = route.useLoaderData({ select: (data) => data.screen });
  const query = useSelector(screen, (s) => s.context.draft.q);
  const coinName = useAppSelector((snapshot) => snapshot.context.settings?.internal_currency.name);
  const m = customerListMessages;

  return (
    <OperatorPage title={m.title}>
      <SearchForm submit={say(m.searchButton)} screen={screen}>
        <TextField
          className="operator-search__field"
          type="search"
          name="q"
          label={say(m.search)}
          description={say(m.searchHint)}
          value={query}
          onChange={(value) => screen.send({ type: 'CHANGE', field: 'q', value })}
        />
      </SearchForm>
      <SearchResults
        screen={screen}
        messages={m}
        columns={[
          [
            m.email,
            (customer) => (
              <>
                <RowLink to="/operator/customers/$customerId" params={{ customerId: customer.id }}>
                  {customer.email}
                </RowLink>
                {customer.role === 'operator' && <span className="operator-tag">{say(m.operatorRole)}</span>}
                {!customer.email_verified && <span className="operator-tag">{say(m.unverified)}</span>}
              </>
            ),
          ],
          [m.name, (customer) => `${customer.name} ${customer.surname}`.trim()],
          [m.player, (customer) => customer.player ?? '—'],
          [
            m.balance,
            (customer) => <CoinAmount amount={customer.balance} currencyName={coinName} size="sm" />,
          ],
          [
            m.joined,
            (customer) => <time dateTime={customer.created_at}>{formatDate(customer.created_at)}</time>,
          ],
        ]}
      />
    </OperatorPage>
  );
}
