import { useSelector } from '@xstate/react';
import { useCallback } from 'react';
import { amountForCoins, FALLBACK_CURRENCY } from '../../../domain/money';
import type { Currency } from '../../../machines/shapes';
import { CoinAmount } from '../../components/CoinAmount/CoinAmount';
import { Money } from '../../components/Money/Money';
import { useAppSelector, useChild } from '../app/AppActorContext';
import './CoinPrice.css';
import { useCoinName } from './coinName';

/**
 * Coins' worth in the chosen display currency, following the currency switch: what a card pays for
 * them before VAT (docs/architecture.md §3, rounded up, so a top-up of it credits at least those coins).
 */
export function useCoinValue(): { currency: Currency; worth: (coinsMinor: number) => number } {
  const pointsRate = useAppSelector((snapshot) => snapshot.context.settings?.points_conversion_rate ?? 1);
  const currencyActor = useChild('currency');
  const current = useSelector(currencyActor, (snapshot) => snapshot.context.current);
  const base = useSelector(
    currencyActor,
    (snapshot) => snapshot.context.currencies.find((c) => c.default === 1) ?? FALLBACK_CURRENCY,
  );
  const worth = useCallback(
    (coinsMinor: number) => amountForCoins(coinsMinor, base, current, pointsRate),
    [current, base, pointsRate],
  );
  return { currency: current, worth };
}

/**
 * A price in coins (icon, 2 decimals) with its worth in the chosen display currency beside it,
 * which follows the currency switch as it happens.
 */
export function CoinPrice({ amount, size = 'md' }: { amount: number; size?: 'sm' | 'md' | 'lg' }) {
  const coinName = useCoinName();
  const { currency, worth } = useCoinValue();
  return (
    <span className="coin-price">
      <CoinAmount amount={amount} currencyName={coinName} size={size} />
      <span className="coin-price__equivalent">
        ≈ <Money amount={worth(amount)} currency={currency} />
      </span>
    </span>
  );
}
