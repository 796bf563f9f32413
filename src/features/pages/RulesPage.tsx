import { getRouteApi } from '@tanstack/react-router';
import { defineMessages } from 'react-intl';
import { StaticPageView } from './StaticPageView';

const route = getRouteApi('/rules');

const messages = defineMessages({
  title: { id: 'pages.rules.title', defaultMessage: 'Rules' },
});

/** /rules: the static page with slug 'rules' under our own heading. */
export function RulesPage() {
  return (
    <StaticPageView page={route.useLoaderData({ select: (data) => data.screen })} heading={messages.title} />
  );
}
