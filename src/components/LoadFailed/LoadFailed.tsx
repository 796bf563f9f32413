import { defineMessages, FormattedMessage } from 'react-intl';
import { buttonClass } from '../Button/buttonClass';
import '../Button/Button.css';
import '../Page/Page.css';
import './LoadFailed.css';

export const loadFailedMessages = defineMessages({
  part: {
    id: 'components.loadFailed.part',
    defaultMessage: 'This part of the page could not be loaded. Check your connection and try again.',
  },
  page: {
    id: 'components.loadFailed.page',
    defaultMessage: 'This page could not be loaded. Check your connection and try again.',
  },
  retry: { id: 'components.loadFailed.retry', defaultMessage: 'Retry' },
});

/**
 * Stands in for a page, or a part of one, whose code or data did not arrive: what happened and
 * a Retry (docs/decisions/0026). On the first load, so that it can show while the server is
 * away; a plain button, since react-aria's may be the very code that failed to load.
 */
export function LoadFailed({ page = false, onRetry }: { page?: boolean; onRetry: () => void }) {
  const retry = (
    <button
      type="button"
      className={buttonClass(page ? 'primary' : 'secondary', page ? 'md' : 'sm')}
      onClick={onRetry}
    >
      <FormattedMessage {...loadFailedMessages.retry} />
    </button>
  );
  const text = <FormattedMessage {...(page ? loadFailedMessages.page : loadFailedMessages.part)} />;
  return page ? (
    <main className="page page--centered">
      <p role="alert">{text}</p>
      {retry}
    </main>
  ) : (
    <div className="load-failed">
      <p role="alert">{text}</p>
      {retry}
    </div>
  );
}
