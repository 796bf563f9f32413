import { Button } from '../Button/Button';
import { ErrorText } from '../ErrorText/ErrorText';
import { Spinner } from '../Spinner/Spinner';

/** The line a list or a page shows while it loads: a spinner and what is loading. */
export function LoadingLine({ label, className }: { label: string; className: string }) {
  return (
    <p className={className} role="status">
      <Spinner size="sm" decorative />
      <span>{label}</span>
    </p>
  );
}

/** The line of a list or a page whose load failed: why, and a button that loads it again. */
export function RetryLine({
  error,
  retry,
  onRetry,
  className,
}: {
  error: string | undefined;
  retry: string;
  onRetry: () => void;
  className: string;
}) {
  return (
    <div className={className}>
      <ErrorText>{error}</ErrorText>
      <Button variant="secondary" size="sm" onPress={onRetry}>
        {retry}
      </Button>
    </div>
  );
}
