import { getRouteApi, Link } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { defineMessages } from 'react-intl';
import { Button } from '../../components/Button/Button';
import { ErrorText } from '../../components/ErrorText/ErrorText';
import { LinkButton } from '../../components/LinkButton/LinkButton';
import { Spinner } from '../../components/Spinner/Spinner';
import { useOptionalText, useText } from '../../i18n/useText';
import { OperatorPage } from './OperatorPage';

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
  const text = useOptionalText();
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
      {state === 'filled' && (
        <table className="operator-table">
          <thead>
            <tr>
              <th scope="col">{say(m.currency)}</th>
              <th scope="col">{say(m.symbol)}</th>
              <th scope="col">{say(m.rate)}</th>
              <th scope="col">{say(m.decimals)}</th>
            </tr>
          </thead>
          <tbody>
            {currencies.map((currency) => (
              <tr key={currency.code}>
                <td data-label={say(m.currency)}>
                  <Link
                    to="/operator/currencies/$code"
                    params={{ code: currency.code }}
                    className="operator-table__link"
                  >
                    {currency.code}
                  </Link>
                  {currency.default && <span className="operator-tag">{say(m.default)}</span>}
                  {currency.hidden && <span className="operator-tag">{say(m.hidden)}</span>}
                </td>
                <td data-label={say(m.symbol)}>{currency.symbol}</td>
                <td data-label={say(m.rate)}>{currency.value}</td>
                <td data-label={say(m.decimals)}>{currency.decimals}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </OperatorPage>
  );
}
