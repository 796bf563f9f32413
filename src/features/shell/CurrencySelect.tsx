import { useSelector } from '@xstate/react';
import { useMemo } from 'react';
import { showSelector } from '../../../machines/currency';
import { DeferredSelect } from '../../components/Select/DeferredSelect';
import { LazySelect } from '../../components/Select/LazySelect';
import type { SelectProps } from '../../components/Select/types';
import { useText } from '../../i18n/useText';
import { useChild } from '../app/AppActorContext';
import { navMessages } from './messages';

/**
 * The display currency (docs/product.md §2): the filterable select, only when there is more than one.
 * `deferred` (the header strip, on screen from the first paint) keeps react-aria's ComboBox off the
 * first load: see DeferredSelect.
 */
export function CurrencySelect({ className, deferred = false }: { className?: string; deferred?: boolean }) {
  const say = useText();
  const currency = useChild('currency');
  const currencies = useSelector(currency, (snapshot) => snapshot.context.currencies);
  const current = useSelector(currency, (snapshot) => snapshot.context.current.code);
  const options = useMemo(
    () => currencies.map(({ code, symbol }) => ({ id: code, label: `${code} ${symbol}` })),
    [currencies],
  );
  if (!showSelector(currencies)) return null;
  const props: SelectProps = {
    className: ['currency-select', className].filter(Boolean).join(' '),
    label: say(navMessages.currency),
    options,
    value: current,
    openOnFocus: true,
    onChange: (code) => {
      if (code !== null) currency.send({ type: 'SELECT', code });
    },
  };
  return deferred ? <DeferredSelect {...props} /> : <LazySelect {...props} />;
}
