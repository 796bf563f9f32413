import { useSelector } from '@xstate/react';
import { createContext, type ReactNode, useContext } from 'react';
import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { appMachine } from '../../../machines/app';

export type AppActor = ActorRefFrom<typeof appMachine>;
type AppSnapshot = SnapshotFrom<typeof appMachine>;
type Children = Pick<
  AppSnapshot['context'],
  | 'session'
  | 'profile'
  | 'language'
  | 'currency'
  | 'cart'
  | 'toasts'
  | 'cookieConsent'
  | 'staticPages'
  | 'mobileMenu'
  | 'copyAddress'
  | 'verificationBanner'
>;

const AppActorContext = createContext<AppActor | null>(null);

export function AppActorProvider({ actor, children }: { actor: AppActor; children: ReactNode }) {
  return <AppActorContext.Provider value={actor}>{children}</AppActorContext.Provider>;
}

export function useAppActor(): AppActor {
  const actor = useContext(AppActorContext);
  if (actor === null) throw new Error('useAppActor needs an <AppActorProvider> above it');
  return actor;
}

/** A value derived from the app machine's snapshot; re-renders only when it changes. */
export function useAppSelector<T>(selector: (snapshot: AppSnapshot) => T): T {
  return useSelector(useAppActor(), selector);
}

/** One of the app's child actors (spawned once at start, so the reference never changes). */
export function useChild<K extends keyof Children>(name: K): Children[K] {
  return useAppActor().getSnapshot().context[name];
}
