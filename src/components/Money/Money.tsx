import { decimalsFor } from '../../../domain/money';
import { toDecimalString } from '../../../domain/money-text';
import { useFormats } from '../../i18n/useFormats';

export interface MoneyCurrency {
  code: string;
  symbol: string;
}

export interface MoneyProps {
  /** Integer minor units of `currency`. */
  amount: number;
  currency: MoneyCurrency;
  /** Decimal places; by default those of the currency code (docs/product.md §3: 0, 3 or 2). */
  decimals?: number;
  className?: string;
}

const isoCode = /^[A-Z]{3}$/;

/**
 * An amount of a display currency, placed the way the locale places currency, showing the
 * server's symbol: (540, USD '$') → '$5.40'; (1500, JPY '¥') → '¥1,500'; (1250, KWD) → '1.250'.
 */
export function Money({ amount, currency, decimals, className }: MoneyProps) {
  const formats = useFormats();
  const places = decimals ?? decimalsFor(currency.code);
  const value = toDecimalString(amount, places) as `${number}`;
  const digits = { minimumFractionDigits: places, maximumFractionDigits: places };
  const code = currency.code.toUpperCase();
  const text = isoCode.test(code)
    ? formats
        .formatNumberToParts(value, { ...digits, style: 'currency', currency: code })
        .map((part) => (part.type === 'currency' ? currency.symbol : part.value))
        .join('')
        .trim()
    : `${currency.symbol}${formats.formatNumber(value, digits)}`;
  return <span className={['money', className].filter(Boolean).join(' ')}>{text}</span>;
}
