import { type ReactNode, useId } from 'react';
import '../../components/TextField/TextField.css';

/**
 * The console's filter fields that are not text: the browser's own date and choice inputs,
 * labelled and styled as the TextField is (keyboard and screen readers get the native control).
 */
export function NativeField({
  label,
  description,
  children,
  className,
}: {
  label: string;
  description?: string;
  className?: string;
  children: (ids: { id: string; describedBy: string | undefined }) => ReactNode;
}) {
  const id = useId();
  const hint = `${id}-hint`;
  return (
    <div className={['field', className].filter(Boolean).join(' ')}>
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      {children({ id, describedBy: description ? hint : undefined })}
      {description && (
        <span id={hint} className="field__description">
          {description}
        </span>
      )}
    </div>
  );
}

export function DateField({
  label,
  name,
  value,
  onChange,
  className,
}: {
  label: string;
  name: string;
  value: string;
  onChange: (value: string) => void;
  className?: string;
}) {
  return (
    <NativeField label={label} className={className}>
      {({ id }) => (
        <input
          id={id}
          type="date"
          name={name}
          className="field__input"
          value={value}
          onChange={(event) => onChange(event.target.value)}
        />
      )}
    </NativeField>
  );
}

export function ChoiceField<V extends string>({
  label,
  name,
  value,
  options,
  onChange,
  className,
}: {
  label: string;
  name: string;
  value: V;
  options: readonly { value: V; label: string }[];
  onChange: (value: V) => void;
  className?: string;
}) {
  return (
    <NativeField label={label} className={className}>
      {({ id }) => (
        <select
          id={id}
          name={name}
          className="field__input"
          value={value}
          onChange={(event) => onChange(event.target.value as V)}
        >
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      )}
    </NativeField>
  );
}
