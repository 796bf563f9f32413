import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// CI runs every project at once on 2 cores, where a lazy chunk plus a few mocked round trips
// can take longer than Testing Library's default 1 s wait for `findBy…` / `waitFor`.
configure({ asyncUtilTimeout: 5_000 });

afterEach(() => {
  cleanup();
});
