import { useSearch } from '@tanstack/react-router';
import { ResetPasswordForm } from './ResetPasswordForm';

/**
 * /reset-password: the same screen for a link that uses this path. Without a token and an email
 * (opened directly) it shows 'Invalid reset link' and the way to ask for a new link.
 */
export function ResetPasswordPage() {
  const { token, email } = useSearch({ from: '/reset-password' });
  return <ResetPasswordForm token={token} email={email} />;
}
