import { Button, type ButtonProps } from '../../components/Button/Button';
import { type Message, useText } from '../../i18n/useText';

/** A form's submit button: `labels.submit`, or `labels.pending` with a spinner while the form sends. */
export function SubmitButton({
  pending,
  labels,
  ...rest
}: Omit<ButtonProps, 'type' | 'isPending' | 'children'> & {
  pending: boolean;
  labels: { submit: Message; pending: Message };
}) {
  const say = useText();
  return (
    <Button type="submit" isPending={pending} {...rest}>
      {say(pending ? labels.pending : labels.submit)}
    </Button>
  );
}
