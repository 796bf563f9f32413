import { defineMessages } from 'react-intl';
import { HeadingOnlyPage } from '../pages/HeadingOnlyPage';

const messages = defineMessages({
  title: { id: 'cart.title', defaultMessage: 'Cart' },
});

/** Only its heading until the issue that owns this screen lands. */
export function CartPage() {
  return <HeadingOnlyPage title={messages.title} />;
}
