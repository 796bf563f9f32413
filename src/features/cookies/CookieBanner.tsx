import { Link } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { defineMessages, FormattedMessage, useIntl } from 'react-intl';
import { isBannerVisible } from '../../../machines/cookieConsent';
import { buttonClass } from '../../components/Button/buttonClass';
import { useChild } from '../app/AppActorContext';
import '../../components/Button/Button.css';
import './CookieBanner.css';

const messages = defineMessages({
  label: { id: 'cookies.banner.label', defaultMessage: 'Cookie consent' },
  text: {
    id: 'cookies.banner.text',
    defaultMessage:
      'We use cookies to remember your choices and keep the store running smoothly. You can accept or decline them.',
  },
  learnMore: { id: 'cookies.banner.learnMore', defaultMessage: 'Learn more' },
  accept: { id: 'cookies.banner.accept', defaultMessage: 'Accept' },
  decline: { id: 'cookies.banner.decline', defaultMessage: 'Decline' },
});

/** A slug no static page has: /{slug} then renders the not-found page (SPEC §2 "Cookie banner"). */

/**
 * SPEC §2 "Cookie banner": shown until the visitor accepts (a decline shows it again next visit);
 * Learn more opens the static page whose title mentions cookies, or the not-found page.
 */
export function CookieBanner() {
  const intl = useIntl();
  const consent = useChild('cookieConsent');
  const visible = useSelector(consent, isBannerVisible);
  const learnMore = useSelector(useChild('staticPages'), (snapshot) => snapshot.context.links.cookie);
  if (!visible) return null;
  return (
    <section className="cookie-banner" aria-label={intl.formatMessage(messages.label)}>
      <p className="cookie-banner__text">
        <FormattedMessage {...messages.text} />{' '}
        <Link {...learnMore}>
          <FormattedMessage {...messages.learnMore} />
        </Link>
      </p>
      <div className="cookie-banner__actions">
        <button
          type="button"
          className={buttonClass('secondary', 'sm')}
          onClick={() => consent.send({ type: 'DECLINE' })}
        >
          <FormattedMessage {...messages.decline} />
        </button>
        <button
          type="button"
          className={buttonClass('primary', 'sm')}
          onClick={() => consent.send({ type: 'ACCEPT' })}
        >
          <FormattedMessage {...messages.accept} />
        </button>
      </div>
    </section>
  );
}
