import { Spinner } from '../../components/Spinner/Spinner';
import '../../components/Page/Page.css';

/** What the router shows while a route's loader waits for its first paint (a static page, a product list). */
export function PagePending() {
  return (
    <main className="page page--centered" aria-busy="true">
      <div className="page__status">
        <Spinner size="lg" />
      </div>
    </main>
  );
}
