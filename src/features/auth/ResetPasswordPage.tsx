import { getRouteApi } from '@tanstack/react-router';
import { ResetPasswordForm } from './ResetPasswordForm';

const route = getRouteApi('/reset-password');

/**
 * /reset-password: the same screen for a link that uses this path. Without a token and an email
 * (opened directly) it shows 'Invalid reset link' and the way to ask for a new link.
 */
export function ResetPasswordPage() {
  return <ResetPasswordForm form={route.useLoaderData({ select: (data) => data.screen })} />;
}
