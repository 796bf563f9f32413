import { memo, Suspense, useId } from 'react';
import { LoadFailed } from '../LoadFailed/LoadFailed';
import { ChunkBoundary } from '../lazy/ChunkBoundary';
import { lazyWithAriaLocale } from '../lazy/lazyWithAriaLocale';
import { SelectFace } from './SelectFace';
import type { SelectProps } from './types';
import '../TextField/TextField.css';
import './Select.css';

const select = lazyWithAriaLocale<SelectProps>(() => import('./Select').then((module) => module.Select));

/**
 * Starts loading the Select chunk, e.g. from a route loader, before the field is shown; resolves
 * the Select in react-aria's locale provider.
 */
export const loadSelect = select.load;

/** The Select, loaded on first use; until then (or when it cannot be loaded, with a Retry) a disabled field that looks the same. */
export const LazySelect = memo(function LazySelect(props: SelectProps) {
  return (
    <ChunkBoundary
      fallback={(retry) => (
        <>
          <SelectPlaceholder {...props} />
          <LoadFailed onRetry={retry} />
        </>
      )}
    >
      <Suspense fallback={<SelectPlaceholder {...props} />}>
        <select.Lazy {...props} />
      </Suspense>
    </ChunkBoundary>
  );
});

function SelectPlaceholder({ label, options, value, placeholder, className }: SelectProps) {
  const id = useId();
  const selected = options.find((option) => option.id === value);
  return (
    <div className={['field', 'select', className].filter(Boolean).join(' ')} aria-busy="true">
      <SelectFace id={id} label={label}>
        <input
          id={id}
          className="field__input select__input"
          value={selected?.label ?? ''}
          placeholder={placeholder}
          disabled
          readOnly
        />
      </SelectFace>
    </div>
  );
}
