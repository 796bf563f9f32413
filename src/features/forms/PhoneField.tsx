import { memo, useEffect, useId, useRef } from 'react';
import { PHONE_MAX_LENGTH, type PhoneChange, type PhoneValue } from '../../../machines/forms/phone';
import { onFirstInteraction } from '../../components/lazy/onFirstInteraction';
import { TextField } from '../../components/TextField/TextField';
import {
  callingCodeOf,
  choosePhoneCountry,
  loadedPhoneLibrary,
  loadPhoneLibrary,
  unreadPhone,
} from './phoneLibrary';
import './forms.css';
import { useText } from '../../i18n/useText';

export interface PhoneFieldProps {
  label: string;
  /** The allowed countries (the server's list), by ISO code. */
  countries: readonly { iso: string; title: string }[];
  value: PhoneValue;
  onChange: (change: PhoneChange) => void;
  errorMessage?: string | undefined;
}

/**
 * The international phone input of docs/product.md §5: a calling-code choice limited to the allowed countries
 * and a number formatted as it is typed (libphonenumber-js), at most 25 characters. What the number
 * means for the form (required, valid, a country outside the list) is the form machine's call.
 * The library loads at the visitor's first interaction with the page, when the pointer reaches the
 * field or on its focus; text typed before it is there is kept as typed and read once it arrives.
 */
export const PhoneField = memo(function PhoneField({
  label,
  countries,
  value,
  onChange,
  errorMessage,
}: PhoneFieldProps) {
  const say = useText();
  const selectId = useId();
  // What was typed last, read once when the library arrives (not once per keystroke), and only
  // while the field is still on the page: its form may have been sent and closed meanwhile.
  const latest = useRef({ value, onChange });
  latest.current = { value, onChange };
  const mounted = useRef(false);
  const awaiting = useRef(false);
  useEffect(() => onFirstInteraction(() => void loadPhoneLibrary().catch(() => {})), []);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  const readTyped = (text: string) => {
    const library = loadedPhoneLibrary();
    if (library) {
      onChange(library.readPhone(text, value.country));
      return;
    }
    onChange(unreadPhone(text, value.country));
    if (awaiting.current) return;
    awaiting.current = true;
    loadPhoneLibrary().then(
      ({ readPhone }) => {
        awaiting.current = false;
        if (!mounted.current) return;
        const current = latest.current;
        current.onChange(readPhone(current.value.text, current.value.country));
      },
      // Not loaded (the server away): the text stays as typed; the next keystroke tries again.
      () => {
        awaiting.current = false;
      },
    );
  };
  const options = countries
    .map((country) => ({ iso: country.iso.toUpperCase(), title: country.title }))
    .map((country) => ({ ...country, code: callingCodeOf(country.iso) }))
    .filter((country) => country.code !== '');

  return (
    <div className="phone-field" onPointerEnter={() => void loadPhoneLibrary().catch(() => {})}>
      <div className="phone-field__code field">
        <label className="field__label" htmlFor={selectId}>
          {say({ id: 'forms.phone.dialCode', defaultMessage: 'Dial code' })}
        </label>
        <select
          id={selectId}
          // Read with the number when chosen before the app took the page over (docs/decisions/0023).
          name="dialCode"
          className="field__input phone-field__select"
          value={value.country ?? ''}
          onChange={(event) => onChange(choosePhoneCountry(event.target.value, value.text))}
          onFocus={() => void loadPhoneLibrary().catch(() => {})}
        >
          <option value="" disabled>
            {say({ id: 'forms.phone.chooseCode', defaultMessage: 'Choose' })}
          </option>
          {options.map((country) => (
            <option key={country.iso} value={country.iso}>
              {`${country.title} (${country.code})`}
            </option>
          ))}
        </select>
      </div>
      <TextField
        className="phone-field__number"
        label={label}
        type="tel"
        name="phone"
        autoComplete="tel"
        inputMode="tel"
        maxLength={PHONE_MAX_LENGTH}
        placeholder={say({
          id: 'forms.phone.placeholder',
          defaultMessage: 'Enter a phone number',
        })}
        value={value.text}
        onChange={readTyped}
        onFocus={() => void loadPhoneLibrary().catch(() => {})}
        isInvalid={Boolean(errorMessage)}
        errorMessage={errorMessage}
      />
    </div>
  );
});
