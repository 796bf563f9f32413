import { useId } from 'react';
import { Checkbox as AriaCheckbox, type CheckboxProps as AriaCheckboxProps } from 'react-aria-components';
import { ErrorText } from '../ErrorText/ErrorText';
import './Checkbox.css';

export interface CheckboxProps extends Omit<AriaCheckboxProps, 'className' | 'children' | 'style'> {
  children: React.ReactNode;
  /** Shown under the checkbox and linked to it; also marks the checkbox invalid. */
  errorMessage?: string;
  className?: string;
}

/** A checkbox with its label (the label may hold links, e.g. to the terms). */
export function Checkbox({ children, errorMessage, className, isInvalid, ...rest }: CheckboxProps) {
  const errorId = useId();
  return (
    <div className={['checkbox-field', className].filter(Boolean).join(' ')}>
      <AriaCheckbox
        {...rest}
        className="checkbox"
        isInvalid={isInvalid || Boolean(errorMessage)}
        aria-describedby={errorMessage ? errorId : rest['aria-describedby']}
      >
        <span className="checkbox__box" aria-hidden="true">
          <svg viewBox="0 0 16 16" width="16" height="16" aria-hidden="true">
            <path d="M3 8.5 6.5 12 13 4.5" fill="none" stroke="currentColor" strokeWidth="2.5" />
          </svg>
        </span>
        <span className="checkbox__label">{children}</span>
      </AriaCheckbox>
      {errorMessage && (
        <ErrorText id={errorId} announce={false}>
          {errorMessage}
        </ErrorText>
      )}
    </div>
  );
}
