import { useCallback, useSyncExternalStore } from 'react';
import type { AnyActorRef, SnapshotFrom } from 'xstate';
import { badgeText, cartCount } from '../../../machines/cart';
import { awaitsVerification } from '../../../machines/session';
import { useChild } from '../app/AppActorContext';

/**
 * What `select` reads from `actor`, except while React hydrates the server's page: the server
 * renders every page for a signed-out visitor, so there it is `signedOut`. A signed-in
 * customer's page then hydrates instead of being rendered over, and React renders what differs
 * right after (docs/decisions/0054). `select` returns a plain value, so an unchanged snapshot
 * reads the same.
 */
function useSessionValue<A extends AnyActorRef, T extends string | number | boolean | null>(
  actor: A,
  select: (snapshot: SnapshotFrom<A>) => T,
  signedOut: T,
): T {
  const subscribe = useCallback(
    (changed: () => void) => {
      const subscription = actor.subscribe(changed);
      return () => subscription.unsubscribe();
    },
    [actor],
  );
  return useSyncExternalStore(
    subscribe,
    () => select(actor.getSnapshot()),
    () => signedOut,
  );
}

/** Whether the session counts as signed in (docs/product.md §4 "Auth"). */
export function useSignedIn(): boolean {
  return useSessionValue(useChild('session'), (snapshot) => snapshot.context.isAuthenticated, false);
}

/** Whether the signed-in customer's address awaits verification: the banner shows (docs/product.md §2). */
export function useAwaitsVerification(): boolean {
  return useSessionValue(useChild('session'), awaitsVerification, false);
}

/** The coin balance from the profile (minor units); null until the profile has loaded. */
export function useCoinBalance(): number | null {
  return useSessionValue(useChild('profile'), (snapshot) => snapshot.context.profile?.balance ?? null, null);
}

/** The player name saved on the profile (ADR 0031); null until the profile has loaded or when none. */
export function useSavedPlayer(): string | null {
  return useSessionValue(useChild('profile'), (snapshot) => snapshot.context.profile?.player ?? null, null);
}

/** Whether the signed-in account is an operator: its header links to the console. */
export function useIsOperator(): boolean {
  return useSessionValue(
    useChild('profile'),
    (snapshot) => snapshot.context.profile?.role === 'operator',
    false,
  );
}

/** The cart's header badge: '' at 0, '9+' above 9 (docs/product.md §2). */
export function useCartBadge(): string {
  return useSessionValue(useChild('cart'), (snapshot) => badgeText(cartCount(snapshot.context.items)), '');
}

/** Whether the cart is busy with a change (the shop's Add to cart waits). */
export function useCartBusy(): boolean {
  return useSessionValue(useChild('cart'), (snapshot) => snapshot.hasTag('busy'), false);
}
