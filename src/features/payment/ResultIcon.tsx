import { PageIcon } from '../../components/Page/PageIcon';

const paths = {
  success: 'm7 12.5 3.5 3.5L17 9',
  fail: 'm8 8 8 8M16 8l-8 8',
  pending: 'M7 4h10M7 20h10M8 4c0 4 8 5 8 8s-8 4-8 8M16 4c0 4-8 5-8 8',
} as const;

/** The big mark above a payment result: a check, a cross or an hourglass. Decorative. */
export function ResultIcon({ kind }: { kind: 'success' | 'fail' | 'pending' }) {
  return (
    <PageIcon className={`payment-result__icon payment-result__icon--${kind}`} strokeWidth={2.5}>
      <path d={paths[kind]} />
    </PageIcon>
  );
}
