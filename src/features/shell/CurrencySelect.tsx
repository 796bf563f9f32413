import { useSelector } from '@xstate/react';
import { useMemo } from 'react';
import { useIntl } from 'react-intl';
import { showSelector } from '../../../machines/currency';
import { LazySelect } from '../../components/Select/LazySelect';
import { useChild } from '../app/AppActorContext';
import { navMessages } from './messages';

/** The display currency (SPEC §2): the filterable select, only when there is more than one. */
export function CurrencySelect({ className }: { className?: string }) {
  const intl = useIntl();
  const currency = useChild('currency');
  const currencies = useSelector(currency, (snapshot) => snapshot.context.currencies);
  const current = useSelector(currency, (snapshot) => snapshot.context.current.code);
  const options = useMemo(
    () => currencies.map(({ code, symbol }) => ({ id: code, label: `${code} ${symbol}` })),
    [currencies],
  );
  if (!showSelector(currencies)) return null;
  return (
    <LazySelect
      className={['currency-select', className].filter(Boolean).join(' ')}
      label={intl.formatMessage(navMessages.currency)}
      options={options}
      value={current}
      onChange={(code) => {
        if (code !== null) currency.send({ type: 'SELECT', code });
      }}
    />
  );
}
