import { lazy, Suspense, useId } from 'react';
import { ChevronIcon } from './ChevronIcon';
import type { SelectProps } from './types';
import '../TextField/TextField.css';
import './Select.css';

/** Starts loading the Select chunk, e.g. from a route loader, before the field is shown. */
export const loadSelect = () => import('./Select');

const Select = lazy(() => loadSelect().then((module) => ({ default: module.Select })));

/** The Select, loaded on first use; until then a disabled field that looks the same. */
export function LazySelect(props: SelectProps) {
  return (
    <Suspense fallback={<SelectPlaceholder {...props} />}>
      <Select {...props} />
    </Suspense>
  );
}

function SelectPlaceholder({ label, options, value, placeholder, className }: SelectProps) {
  const id = useId();
  const selected = options.find((option) => option.id === value);
  return (
    <div className={['field', 'select', className].filter(Boolean).join(' ')} aria-busy="true">
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <div className="select__control">
        <input
          id={id}
          className="field__input select__input"
          value={selected?.label ?? ''}
          placeholder={placeholder}
          disabled
          readOnly
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
