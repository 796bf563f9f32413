import { useSelector } from '@xstate/react';
import { type ComponentType, useEffect, useId, useMemo, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import { showSelector } from '../../../machines/currency';
import { onFirstInteraction } from '../../components/lazy/onFirstInteraction';
import { ChevronIcon } from '../../components/Select/ChevronIcon';
import { LazySelect, loadSelect } from '../../components/Select/LazySelect';
import type { SelectProps } from '../../components/Select/types';
import { useChild } from '../app/AppActorContext';
import { navMessages } from './messages';

/**
 * The display currency (SPEC §2): the filterable select, only when there is more than one.
 * `deferred` (the header strip, on screen from the first paint) keeps react-aria's ComboBox off the
 * first load: see DeferredSelect.
 */
export function CurrencySelect({ className, deferred = false }: { className?: string; deferred?: boolean }) {
  const intl = useIntl();
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
    label: intl.formatMessage(navMessages.currency),
    options,
    value: current,
    openOnFocus: true,
    onChange: (code) => {
      if (code !== null) currency.send({ type: 'SELECT', code });
    },
  };
  return deferred ? <DeferredSelect {...props} /> : <LazySelect {...props} />;
}

/**
 * A look-alike of the select until it is first focused. The chunk (~60 KB gzip with react-aria's
 * ComboBox) is fetched at the visitor's first interaction if the field is visible (CSS hides the
 * strip on phones), when the pointer comes near, or on focus; the look-alike keeps the focus
 * meanwhile and the real select takes it over on mount. Not on idle: the browser would then fetch
 * and run it as part of every first load of a wide screen (docs/decisions/0030).
 */
function DeferredSelect(props: SelectProps) {
  const [loaded, setLoaded] = useState<{ Select: ComponentType<SelectProps>; autoFocus: boolean }>();
  const root = useRef<HTMLDivElement>(null);
  const input = useRef<HTMLInputElement>(null);
  const id = useId();

  useEffect(
    () =>
      onFirstInteraction(() => {
        if (root.current?.checkVisibility?.()) void loadSelect();
      }),
    [],
  );

  if (loaded) return <loaded.Select {...props} autoFocus={loaded.autoFocus} />;
  const selected = props.options.find((option) => option.id === props.value);
  return (
    <div
      ref={root}
      className={`field select select--look-alike ${props.className ?? ''}`}
      onPointerEnter={() => void loadSelect()}
    >
      <label className="field__label" htmlFor={id}>
        {props.label}
      </label>
      <div className="select__control">
        <input
          ref={input}
          id={id}
          className="field__input select__input"
          role="combobox"
          aria-expanded="false"
          aria-autocomplete="list"
          value={selected?.label ?? ''}
          readOnly
          onFocus={() =>
            void loadSelect().then((Select) =>
              setLoaded({ Select, autoFocus: document.activeElement === input.current }),
            )
          }
        />
        <div className="select__adornments">
          <span className="select__trigger" aria-hidden="true">
            <ChevronIcon />
          </span>
        </div>
      </div>
    </div>
  );
}
