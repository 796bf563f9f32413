import { Link } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { useEffect, useRef } from 'react';
import { defineMessages } from 'react-intl';
import { isBannerVisible } from '../../../machines/cookieConsent';
import { buttonClass } from '../../components/Button/buttonClass';
import { useChild } from '../app/AppActorContext';
import '../../components/Button/Button.css';
import './CookieBanner.css';
import { RichText } from '../../i18n/RichText';
import { useText } from '../../i18n/useText';

const messages = defineMessages({
  label: { id: 'cookies.banner.label', defaultMessage: 'Cookie consent' },
  text: {
    id: 'cookies.banner.textWithLink',
    defaultMessage:
      'We use cookies to remember your choices and keep the store running smoothly. You can accept or decline them. <link>Learn more</link>',
  },
  accept: { id: 'cookies.banner.accept', defaultMessage: 'Accept' },
  decline: { id: 'cookies.banner.decline', defaultMessage: 'Decline' },
});

/** A slug no static page has: /{slug} then renders the not-found page (docs/product.md §2 "Cookie banner"). */

/**
 * docs/product.md §2 "Cookie banner": shown until the visitor accepts (a decline shows it again next visit);
 * Learn more opens the static page whose title mentions cookies, or the not-found page.
 */
export function CookieBanner() {
  const say = useText();
  const consent = useChild('cookieConsent');
  const visible = useSelector(consent, isBannerVisible);
  const learnMore = useSelector(useChild('staticPages'), (snapshot) => snapshot.context.links.cookie);
  const ref = useRef<HTMLElement>(null);
  useEffect(() => (visible && ref.current ? reserveSpace(ref.current) : undefined), [visible]);
  if (!visible) return null;
  return (
    <section ref={ref} className="cookie-banner" aria-label={say(messages.label)}>
      <p className="cookie-banner__text">
        <RichText text={messages.text} values={{ link: (label) => <Link {...learnMore}>{label}</Link> }} />
      </p>
      <div className="cookie-banner__actions">
        <button
          type="button"
          className={buttonClass('secondary', 'sm')}
          onClick={() => consent.send({ type: 'DECLINE' })}
        >
          {say(messages.decline)}
        </button>
        <button
          type="button"
          className={buttonClass('primary', 'sm')}
          onClick={() => consent.send({ type: 'ACCEPT' })}
        >
          {say(messages.accept)}
        </button>
      </div>
    </section>
  );
}

/**
 * WCAG 2.4.11: the banner never hides what has focus. The space it covers at the bottom of the
 * window, as `--cookie-banner-space` on the root, pads the page's end (so the last controls can
 * scroll above it) and lifts the toasts above it (CookieBanner.css, Toasts.css); a control that
 * gets focus under it is scrolled clear (Chromium's focus scrolling ignores scroll-padding for an
 * element already inside the window).
 */
function reserveSpace(banner: HTMLElement): () => void {
  const root = document.documentElement.style;
  const measure = () =>
    root.setProperty(
      '--cookie-banner-space',
      `${Math.ceil(window.innerHeight - banner.getBoundingClientRect().top)}px`,
    );
  const uncover = (event: FocusEvent) => {
    const target = event.target;
    if (!(target instanceof Element) || banner.contains(target)) return;
    const focused = target.getBoundingClientRect();
    const covered = banner.getBoundingClientRect();
    if (focused.right <= covered.left || focused.left >= covered.right || focused.bottom <= covered.top)
      return;
    // Instant: focus moves at once, and the page's smooth scrolling would leave it covered meanwhile.
    window.scrollBy({ top: focused.bottom - covered.top + 8, behavior: 'instant' });
  };
  // Browsers without it (and jsdom) measure at the start and on resize only.
  const observer = typeof ResizeObserver === 'undefined' ? undefined : new ResizeObserver(measure);
  observer?.observe(banner);
  measure();
  window.addEventListener('resize', measure);
  document.addEventListener('focusin', uncover);
  return () => {
    observer?.disconnect();
    window.removeEventListener('resize', measure);
    document.removeEventListener('focusin', uncover);
    root.removeProperty('--cookie-banner-space');
  };
}
