import { getRouteApi, Link } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { defineMessages } from 'react-intl';
import { LinkButton } from '../../components/LinkButton/LinkButton';
import { useText } from '../../i18n/useText';
import { OperatorPage } from './OperatorPage';
import { OperatorTable, RowLink, ScreenStatus } from './parts';

const route = getRouteApi('/operator/currencies');

export const currencyListMessages = defineMessages({
  title: { id: 'operator.currencies.title', defaultMessage: 'Currencies' },
  intro: {
    id: 'operator.currencies.intro',
    defaultMessage:
      'Prices stay in coins; customers see them and pay top-ups in these currencies. A rate is units of the currency per 1 of the default currency.',
  },
  add: { id: 'operator.currencies.add', defaultMessage: 'Add a currency' },
  loading: { id: 'operator.currencies.loading', defaultMessage: 'Loading currencies…' },
  retry: { id: 'operator.currencies.retry', defaultMessage: 'Try again' },
  currency: { id: 'operator.currencies.currency', defaultMessage: 'Currency' },
  symbol: { id: 'operator.currencies.symbol', defaultMessage: 'Symbol' },
  rate: { id: 'operator.currencies.rate', defaultMessage: 'Rate' },
  decimals: { id: 'operator.currencies.decimals', defaultMessage: 'Decimals' },
  default: { id: 'operator.currencies.default', defaultMessage: 'Default' },
  hidden: { id: 'operator.currencies.hidden', defaultMessage: 'Hidden' },
});

/** /operator/currencies: every display currency with its rate, the default and hidden ones marked. */
export function CurrenciesPage() {
  const say = useText();
  const screen = route.useLoaderData({ select: (data) => data.screen });
  const state = useSelector(screen, (s) => s.value);
  const currencies = useSelector(screen, (s) => s.context.currencies);
  const error = useSelector(screen, (s) => s.context.error);
  const m = currencyListMessages;

  return (
    <OperatorPage title={m.title}>
      <p className="operator-section__note">{say(m.intro)}</p>
      <p className="operator-actions">
        <LinkButton render={(props) => <Link to="/operator/currencies/new" {...props} />}>
          {say(m.add)}
        </LinkButton>
      </p>
      <ScreenStatus state={state} messages={m} error={error} screen={screen} />
      {state === 'filled' && (
        <OperatorTable
          rows={currencies}
          rowKey={(currency) => currency.code}
          columns={[
            [
              m.currency,
              (currency) => (
                <>
                  <RowLink to="/operator/currencies/$code" params={{ code: currency.code }}>
                    {currency.code}
                  </RowLink>
                  {currency.default && <span className="operator-tag">{say(m.default)}</span>}
                  {currency.hidden && <span className="operator-tag">{say(m.hidden)}</span>}
                </>
              ),
            ],
            [m.symbol, (currency) => currency.symbol],
            [m.rate, (currency) => currency.value],
            [m.decimals, (currency) => currency.decimals],
          ]}
        />
      )}
    </OperatorPage>
  );
}
