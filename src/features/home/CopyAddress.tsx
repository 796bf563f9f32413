import { defineMessages } from 'react-intl';
import { buttonClass } from '../../components/Button/buttonClass';
import { useText } from '../../i18n/useText';
import { CopyIcon } from './icons';
import { useServerAddress } from './useServerAddress';

const messages = defineMessages({
  label: { id: 'home.address.label', defaultMessage: 'Server address' },
  loading: { id: 'home.address.loading', defaultMessage: 'Loading...' },
  copy: { id: 'home.address.copy', defaultMessage: 'Copy IP' },
  copyAddress: { id: 'home.address.copyAddress', defaultMessage: 'Copy server address' },
});

/**
 * The server address with its copy button. The button only sends COPY: the copyAddress machine
 * writes the clipboard and its notice becomes a toast.
 */
export function CopyAddress({ size = 'md' }: { size?: 'md' | 'lg' }) {
  const say = useText();
  const label = size === 'lg' ? messages.copyAddress : messages.copy;
  const { address, copy } = useServerAddress();
  return (
    <div className={`copy-address copy-address--${size}`}>
      <span className="copy-address__label">{say(messages.label)}</span>
      <code className="copy-address__value" aria-live="polite">
        {address ?? say(messages.loading)}
      </code>
      <button
        type="button"
        className={buttonClass('primary', size, false, 'copy-address__button')}
        onClick={copy}
        disabled={address === undefined}
      >
        <CopyIcon />
        {say(label)}
      </button>
    </div>
  );
}
