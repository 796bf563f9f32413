import { type ReactNode, useId } from 'react';
import './auth.css';

/** An auth screen: a card on the hero background, under the transparent header (docs/product.md §2 "Shell"). */
export function AuthLayout({
  title,
  wide = false,
  notice,
  children,
}: {
  title: string;
  wide?: boolean;
  /** Why the visitor is here (e.g. an Add to cart that waits for an account). */
  notice?: string | undefined;
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
        {notice ? <p className="auth-card__notice">{notice}</p> : null}
        {children}
      </section>
    </main>
  );
}
