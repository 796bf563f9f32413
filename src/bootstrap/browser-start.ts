import type { StartupData } from './inlined-answers';
import { nextTask } from './next-task';
import { browserApiClient, createApp } from './start-app';

/**
 * The browser's start-up (docs/architecture.md §1): the start-up requests leave before the UI code (React, the
 * router, the screens) has loaded; index.html preloads that code alongside this module
 * (scripts/vite/first-load.ts). Creating the app actor (with the answers the server inlined, ADR
 * 0021) and starting it run as separate tasks, none of them long.
 */
export async function startInBrowser(
  root: HTMLElement,
  startup: StartupData | null,
  takeOver?: () => void,
): Promise<void> {
  await nextTask();
  const started = createApp({ api: browserApiClient(startup) });
  await nextTask();
  started.app.start();
  const { mountApp } = await import('./bootApp');
  await mountApp(started, root, startup, takeOver);
}
