import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { FullScreenMenu } from '../../../src/components/FullScreenMenu/FullScreenMenu';
import { LazyFullScreenMenu } from '../../../src/components/FullScreenMenu/LazyFullScreenMenu';
import { renderWithIntl } from './renderWithIntl';

function Harness({ onClose }: { onClose: () => void }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Menu
      </button>
      <FullScreenMenu
        isOpen={open}
        title="Menu"
        onClose={() => {
          onClose();
          setOpen(false);
        }}
      >
        <a href="/shop">Shop</a>
      </FullScreenMenu>
    </>
  );
}

describe('FullScreenMenu', () => {
  it('is closed unless its owner opens it', () => {
    renderWithIntl(
      <FullScreenMenu isOpen={false} title="Menu" onClose={() => {}}>
        <a href="/shop">Shop</a>
      </FullScreenMenu>,
    );
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('opens as a named modal dialog with its content', async () => {
    renderWithIntl(<Harness onClose={() => {}} />);
    await userEvent.click(screen.getByRole('button', { name: 'Menu' }));
    const dialog = screen.getByRole('dialog', { name: 'Menu' });
    expect(within(dialog).getByRole('link', { name: 'Shop' })).toBeInTheDocument();
  });

  it('asks to close on Escape and on its close button', async () => {
    const onClose = vi.fn();
    renderWithIntl(<Harness onClose={onClose} />);
    await userEvent.click(screen.getByRole('button', { name: 'Menu' }));
    await userEvent.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Menu' }));
    await userEvent.click(screen.getByRole('button', { name: 'Close menu' }));
    expect(onClose).toHaveBeenCalledTimes(2);
  });
});

describe('LazyFullScreenMenu', () => {
  it('loads and shows the menu the first time it opens', async () => {
    const { container, rerender } = renderWithIntl(
      <LazyFullScreenMenu isOpen={false} title="Menu" onClose={() => {}}>
        <a href="/faq">FAQ</a>
      </LazyFullScreenMenu>,
    );
    expect(container).toBeEmptyDOMElement();
    rerender(
      <LazyFullScreenMenu isOpen title="Menu" onClose={() => {}}>
        <a href="/faq">FAQ</a>
      </LazyFullScreenMenu>,
    );
    const dialog = await screen.findByRole('dialog', { name: 'Menu' });
    expect(within(dialog).getByRole('link', { name: 'FAQ' })).toBeInTheDocument();
  });
});
