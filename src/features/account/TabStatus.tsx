import { LoadingLine, RetryLine } from '../../components/StatusLine/StatusLine';

/** A tab's loading line while its screen loads, its failure with Try again once it failed; else nothing. */
export function TabStatus({
  state,
  loading,
  error,
  retry,
  onRetry,
}: {
  state: unknown;
  loading: string;
  error: string | undefined;
  retry: string;
  onRetry: () => void;
}) {
  if (state === 'loading') return <LoadingLine className="orders__status" label={loading} />;
  if (state === 'error')
    return <RetryLine className="orders__status" error={error} retry={retry} onRetry={onRetry} />;
  return null;
}
