import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CoinAmount } from '../../../src/components/CoinAmount/CoinAmount';
import { Money } from '../../../src/components/Money/Money';
import { renderWithIntl } from './renderWithIntl';

describe('CoinAmount', () => {
  it('shows minor units with 2 decimals and the coin icon', () => {
    const { container } = renderWithIntl(<CoinAmount amount={125050} />);
    expect(container).toHaveTextContent('1,250.50');
    expect(container.querySelector('svg[aria-hidden="true"]')).not.toBeNull();
  });

  it('keeps 2 decimals for whole and tiny amounts', () => {
    const { container, rerender } = renderWithIntl(<CoinAmount amount={500} />);
    expect(container).toHaveTextContent('5.00');
    rerender(<CoinAmount amount={7} />);
    expect(container).toHaveTextContent('0.07');
  });

  it("uses the locale's separators", () => {
    const { container } = renderWithIntl(<CoinAmount amount={125050} />, { locale: 'de' });
    expect(container).toHaveTextContent('1.250,50');
  });

  it('names the currency for assistive technology', () => {
    renderWithIntl(<CoinAmount amount={100} currencyName="Coins" />);
    expect(screen.getByText('Coins')).toHaveClass('visually-hidden');
  });
});

describe('Money', () => {
  const text = (ui: React.ReactElement, locale = 'en') =>
    renderWithIntl(ui, { locale }).container.textContent;

  it('shows JPY without decimals', () => {
    expect(text(<Money amount={1500} currency={{ code: 'JPY', symbol: '¥' }} />)).toBe('¥1,500');
  });

  it('shows KWD with 3 decimals', () => {
    expect(text(<Money amount={1250} currency={{ code: 'KWD', symbol: 'KD' }} />)).toBe('KD\u00a01.250');
  });

  it('shows EUR with 2 decimals and the server symbol', () => {
    expect(text(<Money amount={540} currency={{ code: 'EUR', symbol: '€' }} />)).toBe('€5.40');
  });

  it('places the symbol the way the locale does', () => {
    expect(text(<Money amount={540} currency={{ code: 'EUR', symbol: '€' }} />, 'de')).toBe('5,40\u00a0€');
  });

  it('takes explicit decimals and copes with a code Intl does not know', () => {
    expect(text(<Money amount={540} currency={{ code: 'EUR', symbol: '€' }} decimals={3} />)).toBe('€0.540');
    expect(text(<Money amount={1999} currency={{ code: 'coins', symbol: 'C ' }} />)).toBe('C 19.99');
  });
});
