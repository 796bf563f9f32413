import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { LazyToasts } from '../../../src/components/Toasts/LazyToasts';
import { type ToastItem, Toasts } from '../../../src/components/Toasts/Toasts';
import { renderWithIntl } from './renderWithIntl';

const copied: ToastItem = { id: 'toast-1', kind: 'success', message: 'Server IP copied to clipboard!' };
const failed: ToastItem = { id: 'toast-2', kind: 'error', message: 'Payment failed. Please try again.' };

describe('Toasts', () => {
  it('renders nothing without toasts', () => {
    renderWithIntl(<Toasts toasts={[]} onDismiss={() => {}} />);
    expect(screen.queryByRole('region')).not.toBeInTheDocument();
  });

  it('shows the given toasts in a labelled region', async () => {
    renderWithIntl(<Toasts toasts={[copied, failed]} onDismiss={() => {}} />);
    const region = await screen.findByRole('region', { name: 'Notifications' });
    expect(within(region).getByText('Server IP copied to clipboard!')).toBeInTheDocument();
    expect(within(region).getByText('Payment failed. Please try again.')).toBeInTheDocument();
    expect(region.querySelector('.toast--error')).toHaveTextContent('Payment failed. Please try again.');
  });

  it('asks its owner to dismiss a toast the user closes', async () => {
    const onDismiss = vi.fn();
    renderWithIntl(<Toasts toasts={[copied, failed]} onDismiss={onDismiss} />);
    const closeButtons = await screen.findAllByRole('button', { name: 'Close' });
    const failedToast = screen.getByText('Payment failed. Please try again.').closest('.toast');
    if (!(failedToast instanceof HTMLElement)) throw new Error('toast element not found');
    await userEvent.click(within(failedToast).getByRole('button', { name: 'Close' }));
    expect(closeButtons).toHaveLength(2);
    expect(onDismiss).toHaveBeenCalledExactlyOnceWith('toast-2');
  });

  it('follows the array: toasts removed by the owner disappear without a dismiss callback', async () => {
    const onDismiss = vi.fn();
    const { rerender } = renderWithIntl(<Toasts toasts={[copied]} onDismiss={onDismiss} />);
    expect(await screen.findByText('Server IP copied to clipboard!')).toBeInTheDocument();

    rerender(<Toasts toasts={[copied, failed]} onDismiss={onDismiss} />);
    expect(await screen.findByText('Payment failed. Please try again.')).toBeInTheDocument();

    rerender(<Toasts toasts={[failed]} onDismiss={onDismiss} />);
    expect(screen.queryByText('Server IP copied to clipboard!')).not.toBeInTheDocument();
    expect(screen.getByText('Payment failed. Please try again.')).toBeInTheDocument();

    rerender(<Toasts toasts={[]} onDismiss={onDismiss} />);
    expect(screen.queryByRole('region')).not.toBeInTheDocument();
    expect(onDismiss).not.toHaveBeenCalled();
  });
});

describe('LazyToasts', () => {
  it('renders nothing until the first toast, then the full region with its close buttons', async () => {
    const onDismiss = vi.fn();
    const { container, rerender } = renderWithIntl(<LazyToasts toasts={[]} onDismiss={onDismiss} />);
    expect(container).toBeEmptyDOMElement();
    expect(document.querySelector('.toasts')).toBeNull();

    rerender(<LazyToasts toasts={[copied]} onDismiss={onDismiss} />);
    expect(screen.getByText('Server IP copied to clipboard!')).toBeInTheDocument();
    const region = await screen.findByRole('region', { name: 'Notifications' });
    await userEvent.click(within(region).getByRole('button', { name: 'Close' }));
    expect(onDismiss).toHaveBeenCalledWith('toast-1');
  });
});
