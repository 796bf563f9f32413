import { useSelector } from '@xstate/react';
import { useChild } from '../app/AppActorContext';

/** Whether the session counts as signed in (docs/product.md §4 "Auth"). */
export function useSignedIn(): boolean {
  return useSelector(useChild('session'), (snapshot) => snapshot.context.isAuthenticated);
}
