import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Button } from '../../../src/components/Button/Button';
import { LinkButton } from '../../../src/components/LinkButton/LinkButton';
import { renderWithIntl } from './renderWithIntl';

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('Button', () => {
  it('runs its action when pressed', async () => {
    const onPress = vi.fn();
    renderWithIntl(<Button onPress={onPress}>SHOP</Button>);
    await userEvent.click(screen.getByRole('button', { name: 'SHOP' }));
    expect(onPress).toHaveBeenCalledTimes(1);
  });

  it('while pending shows a spinner, ignores presses and does not submit its form', async () => {
    const onPress = vi.fn();
    const onSubmit = vi.fn((event: React.FormEvent) => event.preventDefault());
    renderWithIntl(
      <form onSubmit={onSubmit}>
        <Button type="submit" isPending onPress={onPress}>
          SIGNING IN...
        </Button>
      </form>,
    );
    const button = screen.getByRole('button', { name: 'SIGNING IN...' });
    expect(button).toHaveAttribute('aria-disabled', 'true');
    expect(button).toHaveAttribute('data-pending', 'true');
    expect(button.querySelector('.spinner')).not.toBeNull();
    await userEvent.click(button);
    expect(onPress).not.toHaveBeenCalled();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('keeps at least the width it had before it went pending', () => {
    vi.stubGlobal(
      'ResizeObserver',
      class {
        constructor(private readonly report: ResizeObserverCallback) {}
        observe(target: Element) {
          const entry = { target, borderBoxSize: [{ inlineSize: 132, blockSize: 44 }] };
          this.report([entry as unknown as ResizeObserverEntry], this as unknown as ResizeObserver);
        }
        disconnect() {}
      },
    );
    const { rerender } = renderWithIntl(<Button>SIGN IN</Button>);
    const button = screen.getByRole('button');
    expect(button.style.minWidth).toBe('');
    rerender(<Button isPending>SIGNING IN...</Button>);
    expect(button.style.minWidth).toBe('132px');
    rerender(<Button>SIGN IN</Button>);
    expect(button.style.minWidth).toBe('');
  });

  it('has the variant and size classes', () => {
    renderWithIntl(
      <Button variant="danger" size="lg">
        Logout
      </Button>,
    );
    expect(screen.getByRole('button')).toHaveClass('button', 'button--danger', 'button--lg');
  });
});

describe('LinkButton', () => {
  it('is a link with the button look', () => {
    renderWithIntl(
      <LinkButton href="/register" variant="secondary">
        SIGN UP
      </LinkButton>,
    );
    const link = screen.getByRole('link', { name: 'SIGN UP' });
    expect(link).toHaveAttribute('href', '/register');
    expect(link).toHaveClass('button', 'button--secondary', 'button--md');
  });

  it('can render another link element, e.g. the router Link', () => {
    renderWithIntl(
      <LinkButton
        variant="primary"
        aria-describedby="hint"
        render={(props) => <a {...props} href="/shop" data-router-link="" />}
      >
        SHOP
      </LinkButton>,
    );
    const link = screen.getByRole('link', { name: 'SHOP' });
    expect(link).toHaveAttribute('data-router-link');
    expect(link).toHaveAttribute('aria-describedby', 'hint');
    expect(link).toHaveClass('button', 'button--primary');
  });
});
