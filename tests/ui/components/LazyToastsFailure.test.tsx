import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { LazyToasts } from '../../../src/components/Toasts/LazyToasts';
import type { ToastItem } from '../../../src/components/Toasts/Toasts';
import { expectConsoleError } from '../../support/console-guard';
import { renderWithIntl } from './renderWithIntl';

/** How many of the next loads of the toast region's chunk fail (the server away). */
const chunk = vi.hoisted(() => ({ failures: 0 }));
vi.mock('../../../src/components/Toasts/Toasts', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../../../src/components/Toasts/Toasts')>();
  return {
    get Toasts() {
      if (chunk.failures > 0) {
        chunk.failures -= 1;
        throw new TypeError(
          'Failed to fetch dynamically imported module: http://localhost/assets/Toasts-x.js',
        );
      }
      return actual.Toasts;
    },
  };
});

const networkError: ToastItem = {
  id: 'toast-1',
  kind: 'error',
  message: 'Network error. Please check your connection.',
};
const added: ToastItem = { id: 'toast-2', kind: 'success', message: 'Added to cart' };

describe('LazyToasts when its chunk does not arrive (docs/decisions/0027)', () => {
  it('shows the toast read-only instead of failing the page, and loads the region again with the next toast', async () => {
    chunk.failures = 2;
    // React logs each failed load that the boundary catches.
    expectConsoleError(/Failed to fetch dynamically imported module: .*Toasts-x\.js/);
    const { rerender } = renderWithIntl(<LazyToasts toasts={[networkError]} onDismiss={() => {}} />);
    await waitFor(() => expect(chunk.failures).toBe(1));
    // No retry by itself in a loop while the server is away: the next toast tries again.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(chunk.failures).toBe(1);
    expect(await screen.findByText('Network error. Please check your connection.')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Notifications' })).not.toBeInTheDocument();

    rerender(<LazyToasts toasts={[networkError, added]} onDismiss={() => {}} />);
    await waitFor(() => expect(chunk.failures).toBe(0));
    // The failure reaches the boundary a moment after the load failed.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await screen.findByText('Added to cart')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Notifications' })).not.toBeInTheDocument();

    rerender(<LazyToasts toasts={[added]} onDismiss={() => {}} />);
    // Loading react-aria's toast region takes a while on a busy machine.
    const region = await screen.findByRole('region', { name: 'Notifications' });
    expect(region).toHaveTextContent('Added to cart');
  });
});
