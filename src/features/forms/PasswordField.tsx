import { memo } from 'react';
import { TextField } from '../../components/TextField/TextField';
import { type Message, useText } from '../../i18n/useText';
import type { FieldBinding } from './useFormView';

/** A password field of a form: the current password, or a new one (`isNew`, which the browser may suggest). */
export const PasswordField = memo(function PasswordField({
  label,
  isNew = false,
  describedBy,
  ...field
}: FieldBinding & { label: Message; isNew?: boolean; describedBy?: string }) {
  const say = useText();
  return (
    <TextField
      label={say(label)}
      type="password"
      autoComplete={isNew ? 'new-password' : 'current-password'}
      aria-describedby={describedBy}
      {...field}
    />
  );
});
