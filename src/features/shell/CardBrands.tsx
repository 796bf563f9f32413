import { defineMessages } from 'react-intl';
import { useText } from '../../i18n/useText';

const messages = defineMessages({
  label: { id: 'shell.footer.cards', defaultMessage: 'We accept debit and credit cards' },
});

/** Text badges for the card networks the card provider takes (our own plain marks, no artwork). */
const BRANDS = [
  { id: 'visa', name: 'VISA' },
  { id: 'mastercard', name: 'Mastercard' },
  { id: 'maestro', name: 'Maestro' },
  { id: 'amex', name: 'AMEX' },
] as const;

export function CardBrands() {
  const say = useText();
  return (
    <ul className="card-brands" aria-label={say(messages.label)}>
      {BRANDS.map((brand) => (
        <li key={brand.id} className={`card-brand card-brand--${brand.id}`}>
          {brand.name}
        </li>
      ))}
    </ul>
  );
}
