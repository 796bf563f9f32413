import { redirect } from '@tanstack/react-router';
import { waitFor } from 'xstate';
import type { AppActor } from '../features/app/AppActorContext';

/** docs/product.md §2: the first navigation waits for one auth check; later ones read the settled state. */
export async function isSignedIn(app: AppActor): Promise<boolean> {
  const session = app.getSnapshot().context.session;
  const checked = await waitFor(session, (snapshot) => snapshot.context.authCheckedOnce);
  return checked.context.isAuthenticated;
}

/**
 * Protected routes send guests to /login?redirect=<full path>; the session tells a guest whose
 * session has just expired why.
 */
export async function requireLogin({ context, location }: GuardArgs): Promise<void> {
  if (!(await isSignedIn(context.app))) {
    context.app.getSnapshot().context.session.send({ type: 'LOGIN_REQUIRED' });
    throw redirect({ to: '/login', search: { redirect: location.href } });
  }
}

/**
 * /email-verification is for a customer whose address is not verified yet; a verified one is told
 * it is done (the already-verified page) instead of being offered a link they no longer need.
 */
export async function requireUnverifiedEmail(args: GuardArgs): Promise<void> {
  await requireLogin(args);
  const session = args.context.app.getSnapshot().context.session.getSnapshot();
  if (session.context.emailVerified) throw redirect({ to: '/email/verify/already-success' });
}

/** Guest-only routes (the auth screens) send a signed-in customer home. */
export async function guestOnly({ context }: GuardArgs): Promise<void> {
  if (await isSignedIn(context.app)) throw redirect({ to: '/' });
}

interface GuardArgs {
  context: { app: AppActor };
  location: { href: string };
}
