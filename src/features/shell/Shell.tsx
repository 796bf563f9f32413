import { Outlet } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { defineMessages } from 'react-intl';
import { Footer } from './Footer';
import { Header } from './Header';
import { ShellToasts } from './ShellToasts';
import { useHeaderStyle } from './useHeaderStyle';
import { usePageTitle } from './usePageTitle';
import { useScrollReset } from './useScrollReset';
import { VerifyBanner } from './VerifyBanner';
import './Shell.css';
import { useText } from '../../i18n/useText';

const messages = defineMessages({
  skip: { id: 'shell.skipToContent', defaultMessage: 'Skip to content' },
});

/**
 * The frame every page sits in: header, the routed page (or `children` in its place: the root
 * route's error), footer, cookie banner, toasts.
 */
export function Shell({ cookieBanner, children }: { cookieBanner: ReactNode; children?: ReactNode }) {
  const say = useText();
  useScrollReset();
  const headerStyle = useHeaderStyle();
  const titleAnnouncement = usePageTitle();
  return (
    <div className={`shell shell--${headerStyle}`}>
      <a className="skip-link" href="#content">
        {say(messages.skip)}
      </a>
      <Header variant={headerStyle} />
      {/*
        Always there, so what the server rendered keeps its place when the app renders over it with
        the banner (a tap held before the app took over is found by its place: served-page.ts). Over
        a hero the header floats, so the banner shows under the solid bar only.
      */}
      <div className="shell__notice">{headerStyle === 'solid' && <VerifyBanner />}</div>
      <div id="content" className="shell__content" tabIndex={-1}>
        {children ?? <Outlet />}
      </div>
      <Footer />
      {cookieBanner}
      <ShellToasts />
      <p className="visually-hidden" role="status" aria-live="polite" aria-atomic="true">
        {titleAnnouncement}
      </p>
    </div>
  );
}
