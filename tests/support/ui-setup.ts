import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeAll } from 'vitest';
import { listen, resetAfterTest } from '../ui/support/renderApp';

import { SAFETY_NET } from './timeouts';

// CI runs every project at once on 2 cores, where a lazy chunk plus a few mocked round trips
// can take longer than Testing Library's default 1 s wait for `findBy…` / `waitFor`.
configure({ asyncUtilTimeout: SAFETY_NET.waitMs });

// Registered here, not in renderApp.tsx: without isolation a module's top level runs once per
// worker, a setup file once per test file.
beforeAll(listen);
afterEach(() => {
  resetAfterTest();
  cleanup();
});
