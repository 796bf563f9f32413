import { memo, type ReactNode } from 'react';
import {
  TextField as AriaTextField,
  type TextFieldProps as AriaTextFieldProps,
  FieldError,
  Input,
  Label,
  Text,
  TextArea,
  type ValidationResult,
} from 'react-aria-components';
import './TextField.css';

export interface TextFieldProps extends Omit<AriaTextFieldProps, 'className' | 'children' | 'style'> {
  label: string;
  description?: string;
  /**
   * Shown under the field when it is invalid. Without it, the field shows its native validation
   * message or the server's error for its `name` (from `<Form validationErrors>`).
   */
  errorMessage?: string | ((validation: ValidationResult) => string);
  placeholder?: string;
  className?: string;
  /** A text area of this many rows instead of a one-line input (e.g. a page's HTML). */
  rows?: number;
  /** A control inside the input's box at its end (a one-line input only), e.g. a password's show button. */
  inputEnd?: ReactNode;
}

/**
 * A labelled text input (types text, email, password, tel, url, search). Memoised: in a form, typing
 * in one field leaves the others unrendered when their props are the same.
 */
export const TextField = memo(function TextField({
  label,
  description,
  errorMessage,
  placeholder,
  className,
  rows,
  inputEnd,
  ...rest
}: TextFieldProps) {
  const input = <Input className="field__input" placeholder={placeholder} />;
  return (
    <AriaTextField {...rest} className={['field', className].filter(Boolean).join(' ')}>
      <Label className="field__label">{label}</Label>
      {rows === undefined ? (
        inputEnd === undefined ? (
          input
        ) : (
          <div className="field__control">
            {input}
            {inputEnd}
          </div>
        )
      ) : (
        <TextArea className="field__input field__input--area" placeholder={placeholder} rows={rows} />
      )}
      {description && (
        <Text slot="description" className="field__description">
          {description}
        </Text>
      )}
      <FieldError className="field__error">{errorMessage}</FieldError>
    </AriaTextField>
  );
});
