import { Suspense, useEffect, useState } from 'react';
import { ChunkBoundary } from '../lazy/ChunkBoundary';
import { lazyWithAriaLocale } from '../lazy/lazyWithAriaLocale';
import { onFirstInteraction } from '../lazy/onFirstInteraction';
import type { FullScreenMenuProps } from './FullScreenMenu';

export type { FullScreenMenuProps } from './FullScreenMenu';

const menu = lazyWithAriaLocale<FullScreenMenuProps>(() =>
  import('./FullScreenMenu').then((module) => module.FullScreenMenu),
);

/** Starts loading the menu's chunk, e.g. when the pointer reaches the menu button. */
export const loadFullScreenMenu = menu.load;

/**
 * The full-screen menu, kept off the first load (react-aria's modal costs about 11 KB gzip): its
 * chunk is fetched at the visitor's first interaction (or when the pointer reaches the menu
 * button) and mounted the first time the menu opens.
 */
export function LazyFullScreenMenu(props: FullScreenMenuProps) {
  const [mounted, setMounted] = useState(false);
  if (!mounted && props.isOpen) setMounted(true);

  useEffect(
    () =>
      onFirstInteraction(() => {
        void loadFullScreenMenu();
      }),
    [],
  );

  if (!mounted) return null;
  return (
    // Opening it again tries again (the mobile menu button shows its state).
    <ChunkBoundary fallback={() => null} retryOn={props.isOpen}>
      <Suspense fallback={null}>
        <menu.Lazy {...props} />
      </Suspense>
    </ChunkBoundary>
  );
}
