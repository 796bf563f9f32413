import { type ReactNode, useId } from 'react';
import './auth.css';

/** An auth screen: a card on the hero background, under the transparent header (SPEC §2 "Shell"). */
export function AuthLayout({
  title,
  wide = false,
  children,
}: {
  title: string;
  wide?: boolean;
  children: ReactNode;
}) {
  const titleId = useId();
  return (
    <main className="auth-page hero-background">
      <section
        className={['auth-card', wide ? 'auth-card--wide' : ''].filter(Boolean).join(' ')}
        aria-labelledby={titleId}
      >
        <h1 id={titleId} className="auth-card__title">
          {title}
        </h1>
        {children}
      </section>
    </main>
  );
}
