import { lazy, Suspense, useEffect, useState } from 'react';
import { whenIdle } from '../lazy/whenIdle';
import type { FullScreenMenuProps } from './FullScreenMenu';

export type { FullScreenMenuProps } from './FullScreenMenu';

/** Starts loading the menu's chunk, e.g. when the pointer reaches the menu button. */
export const loadFullScreenMenu = () => import('./FullScreenMenu');

const FullScreenMenu = lazy(() =>
  loadFullScreenMenu().then((module) => ({ default: module.FullScreenMenu })),
);

/**
 * The full-screen menu, kept off the first load (react-aria's modal costs about 11 KB gzip): its
 * chunk is fetched when the browser is idle and mounted the first time the menu opens.
 */
export function LazyFullScreenMenu(props: FullScreenMenuProps) {
  const [mounted, setMounted] = useState(false);
  if (!mounted && props.isOpen) setMounted(true);

  useEffect(
    () =>
      whenIdle(() => {
        void loadFullScreenMenu();
      }),
    [],
  );

  if (!mounted) return null;
  return (
    <Suspense fallback={null}>
      <FullScreenMenu {...props} />
    </Suspense>
  );
}
