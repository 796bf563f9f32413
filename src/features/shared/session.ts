import { useSelector } from '@xstate/react';
import { useChild } from '../app/AppActorContext';

/** Whether the session counts as signed in (docs/product.md §4 "Auth"), for the shop's Add to cart. */
export function useIsSignedIn(): boolean {
  return useSelector(useChild('session'), (snapshot) => snapshot.context.isAuthenticated);
}

/** The coin balance from the profile (minor units); null until the profile has loaded. */
export function useCoinBalance(): number | null {
  return useSelector(useChild('profile'), (snapshot) => snapshot.context.profile?.balance ?? null);
}

/** The player name saved on the profile (ADR 0031); null until the profile has loaded or when none. */
export function useSavedPlayer(): string | null {
  return useSelector(useChild('profile'), (snapshot) => snapshot.context.profile?.player ?? null);
}
