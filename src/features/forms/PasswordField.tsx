import { type MouseEvent, memo, useState } from 'react';
import { flushSync } from 'react-dom';
import { defineMessages } from 'react-intl';
import { TextField } from '../../components/TextField/TextField';
import { type Message, useText } from '../../i18n/useText';
import type { FieldBinding } from './useFormView';

const messages = defineMessages({
  show: { id: 'forms.password.show', defaultMessage: 'Show password' },
});

/** A password field of a form: the current password, or a new one (`isNew`, which the browser may suggest). */
export const PasswordField = memo(function PasswordField({
  label,
  isNew = false,
  describedBy,
  ...field
}: FieldBinding & { label: Message; isNew?: boolean; describedBy?: string }) {
  const say = useText();
  // What the field shows is the screen's own concern, not the form's: no machine holds it.
  const [shown, setShown] = useState(false);
  return (
    <TextField
      label={say(label)}
      type={shown ? 'text' : 'password'}
      autoComplete={isNew ? 'new-password' : 'current-password'}
      aria-describedby={describedBy}
      {...field}
      inputEnd={<ShowPassword label={say(messages.show)} shown={shown} onChange={setShown} />}
    />
  );
});

/**
 * The toggle beside a password: its name stays 'Show password' and `aria-pressed` says whether it
 * is shown (a toggle's name must not change with its state). A plain button (Enter and Space by
 * the browser), light enough for the form routes' budget (docs/architecture.md §6). A mouse or
 * touch press leaves the focus, and with it the caret, in the input; whichever way it is pressed,
 * the input keeps its text and selection across the change of type. The server renders it as
 * it is: a click before the app takes over is carried out once it has (src/bootstrap/served-page.ts).
 */
function ShowPassword({
  label,
  shown,
  onChange,
}: {
  label: string;
  shown: boolean;
  onChange: (shown: boolean) => void;
}) {
  const toggle = (event: MouseEvent<HTMLButtonElement>) => {
    const input = event.currentTarget.parentElement?.querySelector('input');
    const selection =
      input && ([input.selectionStart, input.selectionEnd, input.selectionDirection] as const);
    flushSync(() => onChange(!shown));
    const [start, end, direction] = selection ?? [];
    if (input && document.activeElement === input && start != null && end != null)
      input.setSelectionRange(start, end, direction ?? undefined);
  };
  return (
    <button
      type="button"
      className="field__toggle"
      aria-label={label}
      aria-pressed={shown}
      onMouseDown={(event) => event.preventDefault()}
      onClick={toggle}
    >
      <EyeIcon crossed={shown} />
    </button>
  );
}

function EyeIcon({ crossed }: { crossed: boolean }) {
  return (
    <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" fill="none" stroke="currentColor">
      <path d="M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12Z" strokeWidth="2" />
      <circle cx="12" cy="12" r="3" strokeWidth="2" />
      {crossed && <path d="m4 4 16 16" strokeWidth="2.5" />}
    </svg>
  );
}
