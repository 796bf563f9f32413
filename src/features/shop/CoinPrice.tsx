import { useSelector } from '@xstate/react';
import { FALLBACK_CURRENCY } from '../../../machines/currency';
import { CoinAmount } from '../../components/CoinAmount/CoinAmount';
import { Money } from '../../components/Money/Money';
import { useAppSelector, useChild } from '../app/AppActorContext';
import { coinsInCurrency } from './coinValue';
import './CoinPrice.css';

/**
 * A price in coins (icon, 2 decimals) with its worth in the chosen display currency beside it,
 * which follows the currency switch as it happens.
 */
export function CoinPrice({ amount, size = 'md' }: { amount: number; size?: 'sm' | 'md' | 'lg' }) {
  const coinName = useAppSelector((snapshot) => snapshot.context.settings?.internal_currency.name);
  const pointsRate = useAppSelector((snapshot) => snapshot.context.settings?.points_conversion_rate ?? 1);
  const currency = useChild('currency');
  const current = useSelector(currency, (snapshot) => snapshot.context.current);
  const base = useSelector(
    currency,
    (snapshot) => snapshot.context.currencies.find((c) => c.default === 1) ?? FALLBACK_CURRENCY,
  );
  return (
    <span className="coin-price">
      <CoinAmount amount={amount} currencyName={coinName} size={size} />
      <span className="coin-price__equivalent">
        ≈ <Money amount={coinsInCurrency(amount, current, base, pointsRate)} currency={current} />
      </span>
    </span>
  );
}
