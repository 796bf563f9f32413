import { getRouteApi } from '@tanstack/react-router';

const byId = getRouteApi('/static-page/$id');
const bySlug = getRouteApi('/$slug');

export function StaticPageById() {
  const { id } = byId.useParams();
  return <StaticPageView idOrSlug={id} />;
}

export function StaticPageBySlug() {
  const { slug } = bySlug.useParams();
  return <StaticPageView idOrSlug={slug} />;
}

function StaticPageView({ idOrSlug }: { idOrSlug: string }) {
  return (
    <main className="page">
      <h1>{idOrSlug}</h1>
    </main>
  );
}
