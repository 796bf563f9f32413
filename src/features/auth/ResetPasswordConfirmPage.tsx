import { useSearch } from '@tanstack/react-router';
import { ResetPasswordForm } from './ResetPasswordForm';

/** /reset-password-confirm?token=…&email=… — the link in the reset email (DESIGN §3). */
export function ResetPasswordConfirmPage() {
  const { token, email } = useSearch({ from: '/reset-password-confirm' });
  return <ResetPasswordForm token={token} email={email} />;
}
