import { defineMessages } from 'react-intl';
import { HeadingOnlyPage } from './HeadingOnlyPage';

const messages = defineMessages({
  title: { id: 'pages.rules.title', defaultMessage: 'Rules' },
});

export function RulesPage() {
  return <HeadingOnlyPage title={messages.title} />;
}
