import type { ReactNode } from 'react';
import './Page.css';

export interface MessagePageProps {
  /** Shown above the heading (decorative). */
  icon?: ReactNode;
  title: ReactNode;
  text: ReactNode;
  /** The page is waiting for something (a payment being processed). */
  busy?: boolean;
  /** What the visitor can do next: links, buttons, more text. */
  children?: ReactNode;
}

/** A page of one message: an icon, its heading and its text, then the ways on. */
export function MessagePage({ icon, title, text, busy = false, children }: MessagePageProps) {
  return (
    <main className="page page--centered" aria-busy={busy || undefined}>
      {icon}
      <h1>{title}</h1>
      <p>{text}</p>
      {children}
    </main>
  );
}
