import { useEffect, useState } from 'react';
import { defineMessages } from 'react-intl';
import type { Text } from '../../../machines/text';
import { buttonClass } from '../../components/Button/buttonClass';
import '../../components/Button/Button.css';
import { useOptionalText, useText } from '../../i18n/useText';
import { Logo } from './Logo';

const messages = defineMessages({
  initError: {
    id: 'shell.startup.initErrorWith',
    defaultMessage: 'An error occurred during initialization: {message}',
  },
  retry: { id: 'shell.startup.retry', defaultMessage: 'Retry' },
  retryingIn: {
    id: 'shell.startup.retryingIn',
    defaultMessage: 'Retrying in {seconds, plural, one {# second} other {# seconds}}…',
  },
  retrying: { id: 'shell.startup.retrying', defaultMessage: 'Retrying…' },
});

/**
 * docs/product.md §2 / §8: the start-up error inside a frame with the shell's header and footer bands (the
 * settings that fill the real ones are what failed): 'An error occurred during initialization:'
 * and the message, a Retry button, and, when the server said when to come back, the countdown to
 * the app's own retry.
 */
export function StartupError({
  error,
  retryInSeconds,
  onRetry,
}: {
  error: Text | null;
  retryInSeconds: number | null;
  onRetry: () => void;
}) {
  const say = useText();
  const text = useOptionalText();
  return (
    <div className="startup-error">
      <div className="startup-error__bar">
        <div className="container">
          <Logo />
        </div>
      </div>
      <main className="startup-error__main container">
        <p className="startup-error__message" role="alert">
          {say(messages.initError, { message: text(error) ?? '' })}
        </p>
        {retryInSeconds !== null && <RetryCountdown seconds={retryInSeconds} />}
        {/* A plain button: react-aria's would add its weight to every first load for a rare screen. */}
        <button type="button" className={buttonClass('primary', 'md')} onClick={onRetry}>
          {say(messages.retry)}
        </button>
      </main>
      <div className="startup-error__bar startup-error__bar--bottom" />
    </div>
  );
}

/** Counts the Retry-After down; the machine's own timer does the retry. */
function RetryCountdown({ seconds }: { seconds: number }) {
  const say = useText();
  const [left, setLeft] = useState(seconds);
  useEffect(() => {
    setLeft(seconds);
    const timer = setInterval(() => setLeft((current) => Math.max(0, current - 1)), 1000);
    return () => clearInterval(timer);
  }, [seconds]);
  return (
    <p className="startup-error__countdown" role="status">
      {left > 0 ? say(messages.retryingIn, { seconds: left }) : say(messages.retrying)}
    </p>
  );
}
