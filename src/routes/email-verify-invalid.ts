import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { isSignedIn } from './guards';
import { rootRoute } from './root';
import { screenLifecycle } from './screen';

/**
 * Where every verification link that verifies nothing ends (openapi.yaml verifyEmail): open to
 * all, since a link is often opened where nobody is signed in; the page asks a guest to sign in.
 */
export const emailVerifyInvalidRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/email/verify/invalid',
  staticData: { name: 'EmailVerifyInvalid', access: 'all', header: 'solid' },
  loader: async ({ context }) => {
    const signedIn = await isSignedIn(context.app);
    const session = context.app.getSnapshot().context.session.getSnapshot();
    const input = { signedIn, emailVerified: signedIn && session.context.emailVerified };
    return { screen: await context.screens.start('verificationLink', input) };
  },
  ...screenLifecycle('verificationLink'),
  component: lazyRouteComponent(
    () => import('../features/email/InvalidVerificationLinkPage'),
    'InvalidVerificationLinkPage',
  ),
});
