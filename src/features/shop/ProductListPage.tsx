import { defineMessages } from 'react-intl';
import { HeadingOnlyPage } from '../pages/HeadingOnlyPage';

const messages = defineMessages({
  title: { id: 'shop.title', defaultMessage: 'Shop' },
});

/** Only its heading until the issue that owns this screen lands. */
export function ProductListPage() {
  return <HeadingOnlyPage title={messages.title} />;
}
