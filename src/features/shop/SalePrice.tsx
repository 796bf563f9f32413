import type { Product } from '../../../machines/shop';
import { defineMessages } from '../../../machines/text';
import { CoinAmount } from '../../components/CoinAmount/CoinAmount';
import { useText } from '../../i18n/useText';
import { CoinPrice } from '../shared/CoinPrice';
import { useCoinName } from '../shared/coinName';

const messages = defineMessages({
  sale: { id: 'shop.sale.badge', defaultMessage: 'Sale' },
  before: { id: 'shop.sale.before', defaultMessage: 'Price before:' },
});

/**
 * A product's price; on sale (a `compare_at_price`, docs/product.md §2) with a Sale badge and the
 * price before struck through.
 */
export function SalePrice({ product, size = 'md' }: { product: Product; size?: 'md' | 'lg' }) {
  const say = useText();
  const coinName = useCoinName();
  const before = product.compare_at_price;
  if (before === null || before <= product.price) return <CoinPrice amount={product.price} size={size} />;
  return (
    <span className="sale-price">
      <span className="sale-price__badge">{say(messages.sale)}</span>
      <CoinPrice amount={product.price} size={size} />
      <s className="sale-price__before">
        <span className="visually-hidden">{say(messages.before)} </span>
        <CoinAmount amount={before} currencyName={coinName} size="sm" />
      </s>
    </span>
  );
}
