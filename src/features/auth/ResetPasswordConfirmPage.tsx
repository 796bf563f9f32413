import { getRouteApi } from '@tanstack/react-router';
import { ResetPasswordForm } from './ResetPasswordForm';

const route = getRouteApi('/reset-password-confirm');

/** /reset-password-confirm?token=…&email=… — the link in the reset email (docs/architecture.md §3). */
export function ResetPasswordConfirmPage() {
  return <ResetPasswordForm form={route.useLoaderData({ select: (data) => data.screen })} />;
}
