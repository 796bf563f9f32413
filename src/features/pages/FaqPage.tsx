import { defineMessages } from 'react-intl';
import { HeadingOnlyPage } from './HeadingOnlyPage';

const messages = defineMessages({
  title: { id: 'pages.faq.title', defaultMessage: 'FAQ' },
});

export function FaqPage() {
  return <HeadingOnlyPage title={messages.title} />;
}
