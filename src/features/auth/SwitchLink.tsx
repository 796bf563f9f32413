import { Link } from '@tanstack/react-router';
import type { MessageDescriptor } from 'react-intl';
import { RichText } from '../../i18n/RichText';

/**
 * The line under Sign In / Sign Up that switches to the other ('Already have an account? Sign in'):
 * one message whose `<link>` part leads there, keeping the `redirect` query.
 */
export function SwitchLink({
  text,
  to,
  redirect,
}: {
  text: MessageDescriptor;
  to: '/login' | '/register';
  redirect: string | undefined;
}) {
  return (
    <p className="auth-card__footer">
      <RichText
        text={text}
        values={{
          link: (label) => (
            <Link to={to} search={{ redirect }}>
              {label}
            </Link>
          ),
        }}
      />
    </p>
  );
}
