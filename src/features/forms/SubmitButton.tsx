import { Button, type ButtonProps } from '../../components/Button/Button';
import type { Message } from '../../i18n/useText';
import { useText } from '../../i18n/useText';

/** A form's submit button: its label, or the pending label with a spinner while the form sends. */
export function SubmitButton({
  pending,
  label,
  pendingLabel,
  ...rest
}: Omit<ButtonProps, 'type' | 'isPending' | 'children'> & {
  pending: boolean;
  label: Message;
  pendingLabel: Message;
}) {
  const say = useText();
  return (
    <Button type="submit" isPending={pending} {...rest}>
      {say(pending ? pendingLabel : label)}
    </Button>
  );
}
