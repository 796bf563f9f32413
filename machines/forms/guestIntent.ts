import { defineMessages, type MessageText } from '../text';

/**
 * Why a guest was asked to sign in or up, read from where they go afterwards: the shop's
 * `/shop?…&add=<id>` (machines/shop.ts) is an Add to cart that waits for an account.
 */
export const guestIntentMessages = defineMessages({
  signInToAdd: { id: 'auth.notice.signInToAdd', defaultMessage: 'Sign in to add items to your cart' },
  signUpToAdd: {
    id: 'auth.notice.signUpToAdd',
    defaultMessage: 'Create an account to add items to your cart',
  },
});

export function isAddToCartIntent(redirectTo: string | undefined): boolean {
  if (redirectTo === undefined) return false;
  const [path, query = ''] = redirectTo.split('?', 2);
  return path === '/shop' && new URLSearchParams(query).has('add');
}

/** The notice above the sign-in or sign-up form for a guest sent there with `redirectTo`. */
export function guestIntentNotice(
  redirectTo: string | undefined,
  form: 'signIn' | 'signUp',
): MessageText | null {
  if (!isAddToCartIntent(redirectTo)) return null;
  return form === 'signIn' ? guestIntentMessages.signInToAdd : guestIntentMessages.signUpToAdd;
}
