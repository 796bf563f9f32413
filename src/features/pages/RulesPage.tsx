import { defineMessages } from 'react-intl';
import { StaticPageView } from './StaticPageView';

const messages = defineMessages({
  title: { id: 'pages.rules.title', defaultMessage: 'Rules' },
});

/** /rules: the static page with slug 'rules' under our own heading. */
export function RulesPage() {
  return <StaticPageView idOrSlug="rules" heading={messages.title} />;
}
