import { defineMessages } from 'react-intl';
import { buttonClass } from '../Button/buttonClass';
import '../Button/Button.css';
import '../Page/Page.css';
import './LoadFailed.css';
import { useText } from '../../i18n/useText';

export const loadFailedMessages = defineMessages({
  text: {
    id: 'components.loadFailed.text',
    defaultMessage: 'This could not be loaded. Check your connection and try again.',
  },
  retry: { id: 'components.loadFailed.retry', defaultMessage: 'Retry' },
});

/**
 * Stands in for a page, or a part of one, whose code or data did not arrive: what happened and
 * a Retry (docs/decisions/0027). On the first load, so that it can show while the server is
 * away; a plain button, since react-aria's may be the very code that failed to load.
 */
export function LoadFailed({ page = false, onRetry }: { page?: boolean; onRetry: () => void }) {
  const say = useText();
  const retry = (
    <button
      type="button"
      className={buttonClass(page ? 'primary' : 'secondary', page ? 'md' : 'sm')}
      onClick={onRetry}
    >
      {say(loadFailedMessages.retry)}
    </button>
  );
  const content = (
    <>
      <p role="alert">{say(loadFailedMessages.text)}</p>
      {retry}
    </>
  );
  return page ? (
    <main className="page page--centered">{content}</main>
  ) : (
    <div className="load-failed">{content}</div>
  );
}
