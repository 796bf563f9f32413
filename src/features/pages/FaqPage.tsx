import { getRouteApi } from '@tanstack/react-router';
import { defineMessages } from 'react-intl';
import { StaticPageView } from './StaticPageView';

const route = getRouteApi('/faq');

const messages = defineMessages({
  title: { id: 'pages.faq.title', defaultMessage: 'FAQ' },
});

/** /faq: the static page with slug 'faq' under our own heading. */
export function FaqPage() {
  return (
    <StaticPageView page={route.useLoaderData({ select: (data) => data.screen })} heading={messages.title} />
  );
}
