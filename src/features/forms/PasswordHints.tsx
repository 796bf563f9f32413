import { defineMessages } from 'react-intl';
import { PASSWORD_HINTS, passwordHintsMet } from '../../../domain/password';
import './forms.css';
import { useText } from '../../i18n/useText';

const hintMessages = defineMessages({
  lower: { id: 'forms.password.hintLower', defaultMessage: '1 lower case [a-z]' },
  upper: { id: 'forms.password.hintUpper', defaultMessage: '1 upper case [A-Z]' },
  digit: { id: 'forms.password.hintDigit', defaultMessage: '1 numeric [0-9]' },
});

/** docs/product.md §5's hints under a new password, each ticked off once the password meets it. */
export function PasswordHints({ id, password }: { id: string; password: string }) {
  const say = useText();
  const met = passwordHintsMet(password);
  return (
    <ul id={id} className="password-hints">
      <li className="password-hints__intro">
        {say({
          id: 'forms.password.hintIntro',
          defaultMessage: '6 to 12 characters, no spaces, with at least:',
        })}
      </li>
      {PASSWORD_HINTS.map((hint) => (
        <li key={hint.id} className="password-hints__item" data-met={met[hint.id]}>
          <svg viewBox="0 0 16 16" width="14" height="14" aria-hidden="true">
            {met[hint.id] ? (
              <path d="M3 8.5 6.5 12 13 4.5" fill="none" stroke="currentColor" strokeWidth="2.5" />
            ) : (
              <circle cx="8" cy="8" r="3" fill="currentColor" />
            )}
          </svg>
          {say(hintMessages[hint.id])}
        </li>
      ))}
    </ul>
  );
}
