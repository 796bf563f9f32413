import { Link } from '@tanstack/react-router';
import { defineMessages } from 'react-intl';
import { buttonClass } from '../../components/Button/buttonClass';
import { useAppSelector } from '../app/AppActorContext';
import { CopyAddress } from './CopyAddress';
import { BadgeIcon, CompassIcon, ExternalIcon, ShareIcon } from './icons';
import './HomePage.css';
import { useText } from '../../i18n/useText';
import { useCoinName } from '../shared/coinName';
import { useSignedIn } from '../shared/session';

const messages = defineMessages({
  eyebrow: { id: 'home.hero.eyebrow', defaultMessage: 'Blockfront server network' },
  title: { id: 'home.hero.title', defaultMessage: 'Your next adventure is one address away' },
  lead: {
    id: 'home.hero.lead',
    defaultMessage:
      'Survival, skyblock, minigames and creative worlds on one network. Copy the address, join in seconds, play all night.',
  },
  shop: { id: 'home.hero.shop', defaultMessage: 'Visit the shop' },
  joinTitle: { id: 'home.join.title', defaultMessage: 'Jump in right now' },
  joinText: {
    id: 'home.join.text',
    defaultMessage: 'One address takes you to every world on the network. Copy it, paste it, you are in.',
  },
  howTitle: { id: 'home.how.title', defaultMessage: 'How it works' },
  howGrabTitle: { id: 'home.how.grab.title', defaultMessage: 'Grab the address' },
  howGrabText: {
    id: 'home.how.grab.text',
    defaultMessage: 'Hit copy. The server address lands on your clipboard, port and all.',
  },
  howPasteTitle: { id: 'home.how.paste.title', defaultMessage: 'Paste it in Multiplayer' },
  howPasteText: {
    id: 'home.how.paste.text',
    defaultMessage: 'Start the game, open Multiplayer, choose Add Server and paste the address.',
  },
  howPlayTitle: { id: 'home.how.play.title', defaultMessage: 'Join and play' },
  howPlayText: {
    id: 'home.how.play.text',
    defaultMessage: 'Pick a world in the lobby and start building with the crew.',
  },
  featuresTitle: { id: 'home.features.title', defaultMessage: 'Why players stay' },
  adventureTitle: { id: 'home.features.adventure.title', defaultMessage: 'Adventure on demand' },
  adventureText: {
    id: 'home.features.adventure.text',
    defaultMessage:
      'Quests, dungeons and weekly events, ready whenever you are. No waiting lists, no downtime.',
  },
  sharingTitle: { id: 'home.features.sharing.title', defaultMessage: 'One-click sharing' },
  sharingText: {
    id: 'home.features.sharing.text',
    defaultMessage:
      'Copy the address in one click and drop it in your group chat. Everyone lands in the same lobby.',
  },
  qualityTitle: { id: 'home.features.quality.title', defaultMessage: 'Curated quality' },
  qualityText: {
    id: 'home.features.quality.text',
    defaultMessage:
      'Hand-built worlds, active moderators and fair rules for everyone. Only the good stuff makes the cut.',
  },
  signUpTitle: { id: 'home.signUp.title', defaultMessage: 'Claim your spot on the server' },
  signUpText: {
    id: 'home.signUp.text',
    defaultMessage: 'Create a free account to keep your {coinName}, ranks and perks in one place.',
  },
  signUpAction: { id: 'home.signUp.action', defaultMessage: 'Create free account' },
  socialTitle: { id: 'home.social.title', defaultMessage: 'Join the community' },
  socialText: {
    id: 'home.social.text',
    defaultMessage: 'Patch notes, events and sneak peeks drop here first.',
  },
  newTab: { id: 'home.social.newTab', defaultMessage: '(opens in a new tab)' },
});

/** docs/product.md §1: hero, copy address, how it works, features, sign-up call to action, social links. */
export function HomePage() {
  return (
    <main className="home">
      <Hero />
      <JoinSection />
      <HowItWorks />
      <Features />
      <SignUpCallToAction />
      <SocialLinks />
    </main>
  );
}

function Hero() {
  const say = useText();
  return (
    <section className="home-hero hero-background" aria-labelledby="home-hero-title">
      <div className="container home-hero__inner">
        <p className="home-hero__eyebrow">{say(messages.eyebrow)}</p>
        <h1 id="home-hero-title" className="home-hero__title">
          {say(messages.title)}
        </h1>
        <p className="home-hero__lead">{say(messages.lead)}</p>
        <CopyAddress />
        <Link to="/shop" className={buttonClass('secondary', 'md', false, 'home-hero__shop')}>
          {say(messages.shop)}
        </Link>
      </div>
    </section>
  );
}

function JoinSection() {
  const say = useText();
  return (
    <section className="home-section home-join" aria-labelledby="home-join-title">
      <div className="container home-join__inner">
        <h2 id="home-join-title">{say(messages.joinTitle)}</h2>
        <p className="home-section__text">{say(messages.joinText)}</p>
        <CopyAddress size="lg" />
      </div>
    </section>
  );
}

function HowItWorks() {
  const say = useText();
  const steps = [
    [messages.howGrabTitle, messages.howGrabText],
    [messages.howPasteTitle, messages.howPasteText],
    [messages.howPlayTitle, messages.howPlayText],
  ] as const;
  return (
    <section className="home-section" aria-labelledby="home-how-title">
      <div className="container">
        <h2 id="home-how-title">{say(messages.howTitle)}</h2>
        <ol className="home-steps">
          {steps.map(([title, text]) => (
            <li key={title.id} className="home-steps__step">
              <h3 className="home-card__title">{say(title)}</h3>
              <p>{say(text)}</p>
            </li>
          ))}
        </ol>
      </div>
    </section>
  );
}

function Features() {
  const say = useText();
  const features = [
    [messages.adventureTitle, messages.adventureText, <CompassIcon key="icon" />],
    [messages.sharingTitle, messages.sharingText, <ShareIcon key="icon" />],
    [messages.qualityTitle, messages.qualityText, <BadgeIcon key="icon" />],
  ] as const;
  return (
    <section className="home-section home-section--alt" aria-labelledby="home-features-title">
      <div className="container">
        <h2 id="home-features-title">{say(messages.featuresTitle)}</h2>
        <ul className="home-features">
          {features.map(([title, text, icon]) => (
            <li key={title.id} className="home-card">
              <span className="home-card__icon">{icon}</span>
              <h3 className="home-card__title">{say(title)}</h3>
              <p>{say(text)}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

/** Hidden once the visitor is signed in (docs/product.md §1). */
function SignUpCallToAction() {
  const say = useText();
  const coinName = useCoinName();
  const signedIn = useSignedIn();
  if (signedIn) return null;
  return (
    <section className="home-section home-cta" aria-labelledby="home-cta-title">
      <div className="container home-cta__inner">
        <h2 id="home-cta-title">{say(messages.signUpTitle)}</h2>
        <p className="home-section__text">{say(messages.signUpText, { coinName })}</p>
        <Link to="/register" className={buttonClass('primary', 'lg')}>
          {say(messages.signUpAction)}
        </Link>
      </div>
    </section>
  );
}

function SocialLinks() {
  const say = useText();
  const links = useAppSelector((snapshot) => snapshot.context.socialLinks);
  if (links.length === 0) return null;
  return (
    <section className="home-section home-section--alt" aria-labelledby="home-social-title">
      <div className="container">
        <h2 id="home-social-title">{say(messages.socialTitle)}</h2>
        <p className="home-section__text">{say(messages.socialText)}</p>
        <ul className="home-social">
          {links.map((link) => (
            <li key={link.id}>
              <a className="home-social__link" href={link.link} target="_blank" rel="noopener noreferrer">
                <img src={link.img} alt="" width={24} height={24} loading="lazy" />
                {link.title} <span className="visually-hidden">{say(messages.newTab)}</span>
                <ExternalIcon />
              </a>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
