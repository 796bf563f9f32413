import { defineMessages } from 'react-intl';
import { StaticPageView } from './StaticPageView';

const messages = defineMessages({
  title: { id: 'pages.faq.title', defaultMessage: 'FAQ' },
});

/** /faq: the static page with slug 'faq' under our own heading. */
export function FaqPage() {
  return <StaticPageView idOrSlug="faq" heading={messages.title} />;
}
