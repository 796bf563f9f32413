import { COIN_DECIMALS } from '../../../domain/money';
import { toDecimalString } from '../../../domain/money-text';
import { useFormats } from '../../i18n/useFormats';
import './CoinAmount.css';

export interface CoinAmountProps {
  /** Integer minor units of the coin currency: 125050 is 1,250.50 coins. */
  amount: number;
  /** The coin currency's name for assistive technology (settings.internal_currency.name, e.g. 'Coins'). */
  currencyName?: string;
  size?: 'sm' | 'md' | 'lg';
  className?: string;
}

/** A coin amount with the coin icon, always 2 decimals, in the locale's number format. */
export function CoinAmount({ amount, currencyName, size = 'md', className }: CoinAmountProps) {
  const text = useFormats().formatNumber(toDecimalString(amount, COIN_DECIMALS) as `${number}`, {
    minimumFractionDigits: COIN_DECIMALS,
    maximumFractionDigits: COIN_DECIMALS,
  });
  return (
    <span className={['coin-amount', `coin-amount--${size}`, className].filter(Boolean).join(' ')}>
      <svg className="coin-amount__icon" viewBox="0 0 16 16" aria-hidden="true">
        <path fill="#b45309" d="M5 1h6v1h2v2h1v2h1v4h-1v2h-1v2h-2v1H5v-1H3v-2H2v-2H1V6h1V4h1V2h2z" />
        <path fill="#fbbf24" d="M5 2h6v1h1v1h1v2h1v4h-1v2h-1v1h-1v1H5v-1H4v-1H3v-2H2V6h1V4h1V3h1z" />
        <path fill="#fde68a" d="M6 4h4v1H6zM4 6h1v3H4z" />
        <path fill="#b45309" d="M7 5h2v6H7z" />
      </svg>
      <span className="coin-amount__value">{text}</span>
      {currencyName && <span className="visually-hidden"> {currencyName}</span>}
    </span>
  );
}
