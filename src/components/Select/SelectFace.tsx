import type { ReactNode } from 'react';
import { ChevronIcon } from './ChevronIcon';

/**
 * What a Select looks like before react-aria's is on the page (DeferredSelect's look-alike,
 * LazySelect's placeholder): the label, the given input and the chevron.
 */
export function SelectFace({ id, label, children }: { id: string; label: string; children: ReactNode }) {
  return (
    <>
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <div className="select__control">
        {children}
        <div className="select__adornments">
          <span className="select__trigger" aria-hidden="true">
            <ChevronIcon />
          </span>
        </div>
      </div>
    </>
  );
}
