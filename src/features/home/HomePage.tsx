import { defineMessages } from 'react-intl';
import { HeadingOnlyPage } from '../pages/HeadingOnlyPage';

const messages = defineMessages({
  title: { id: 'home.title', defaultMessage: 'Blockfront' },
});

export function HomePage() {
  return <HeadingOnlyPage title={messages.title} />;
}
