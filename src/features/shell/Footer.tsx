import { Link } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { defineMessage, defineMessages } from 'react-intl';
import { operatorCompany } from '../../../domain/settings';
import { RichText } from '../../i18n/RichText';
import { useText } from '../../i18n/useText';
import { useAppSelector, useChild } from '../app/AppActorContext';
import { CardBrands } from './CardBrands';
import { Logo } from './Logo';
import { navMessages } from './messages';
import { NavItem } from './NavItem';

const messages = defineMessages({
  nav: { id: 'shell.footer.nav', defaultMessage: 'Site' },
  support: { id: 'shell.footer.supportLine', defaultMessage: 'Support: {email}' },
});

const copyright = defineMessage<{ year: number; copyright: string }>({
  id: 'shell.footer.copyright',
  defaultMessage: '© {year} {copyright}',
});

/**
 * docs/product.md §2 "Shell": site links and one per static page; the operator's company name and address
 * (only when both are known), requisites, the support address, copyright with the current year,
 * and the accepted card brands.
 */
export function Footer() {
  const say = useText();
  const settings = useAppSelector((snapshot) => snapshot.context.settings);
  const links = useSelector(useChild('staticPages'), (snapshot) => snapshot.context.links.footer);
  const company = operatorCompany(settings);
  return (
    <footer className="site-footer">
      <div className="container site-footer__grid">
        <div className="site-footer__about">
          <Link to="/" className="site-footer__logo">
            <Logo />
          </Link>
          {company && (
            <p className="site-footer__company">
              <span className="site-footer__company-name">{company.name}</span>
              <span>{company.address}</span>
            </p>
          )}
          {settings?.requisites && <p className="site-footer__requisites">{settings.requisites}</p>}
          {settings?.support_email && (
            <p>
              <RichText
                text={messages.support}
                values={{ email: <a href={`mailto:${settings.support_email}`}>{settings.support_email}</a> }}
              />
            </p>
          )}
        </div>
        <nav className="site-footer__nav" aria-label={say(messages.nav)}>
          <ul className="site-footer__links">
            <NavItem to="/" label={navMessages.main} />
            <NavItem to="/rules" label={navMessages.rules} />
            <NavItem to="/faq" label={navMessages.faq} />
            <NavItem to="/shop" label={navMessages.shopLink} />
            {links.map((link) => (
              <li key={link.slug}>
                <Link {...link.target}>{link.title}</Link>
              </li>
            ))}
          </ul>
        </nav>
        <CardBrands />
      </div>
      <div className="site-footer__bottom">
        <p className="container">
          {say(copyright, { year: new Date().getFullYear(), copyright: settings?.copyright ?? '' })}
        </p>
      </div>
    </footer>
  );
}
