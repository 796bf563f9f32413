import { Spinner } from '../../components/Spinner/Spinner';

/** A tab whose loader is still waiting: a spinner inside the account page's one <main> (not a page of its own). */
export function AccountTabPending() {
  return (
    <div className="account-section account-section--pending" aria-busy="true">
      <Spinner size="lg" />
    </div>
  );
}
