import { type ErrorComponentProps, useRouter } from '@tanstack/react-router';
import { LoadFailed } from '../../components/LoadFailed/LoadFailed';
import { retryChunks } from '../../components/lazy/lazyWithAriaLocale';
import { Shell } from './Shell';

/**
 * Every route's error component (docs/decisions/0027): a page whose code or loader failed stays
 * inside the shell with a translated message, and Retry loads the route again (its loader, and
 * its chunk, which the route's lazy component then fetches anew). The router's own error screen
 * (English, no shell, no retry) never renders.
 */
export function RouteError({ reset }: ErrorComponentProps) {
  return <LoadFailed page onRetry={useRouteRetry(reset)} />;
}

/** The same inside a page that has its own <main> (the account tabs). */
export function SectionError({ reset }: ErrorComponentProps) {
  return <LoadFailed onRetry={useRouteRetry(reset)} />;
}

/** The root route's: the shell itself failed (a part of it that loads lazily), so it is drawn again around the message. */
export function ShellError(props: ErrorComponentProps & { cookieBanner: React.ReactNode }) {
  return (
    <Shell cookieBanner={props.cookieBanner}>
      <RouteError {...props} />
    </Shell>
  );
}

function useRouteRetry(reset: () => void): () => void {
  const router = useRouter();
  return () => {
    // A lazy part of the page that failed loads again too.
    retryChunks();
    void router.invalidate().then(reset);
  };
}
