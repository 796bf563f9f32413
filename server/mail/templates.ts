import type { Locale } from '../i18n/messages';
import type { MailMessage } from './mailer';

/** Absolute link of an email verification token (the API route that verifies and redirects). */
export function verifyEmailLink(publicUrl: string, token: string): string {
  return `${publicUrl}/api/email/verify/${encodeURIComponent(token)}`;
}

/** Absolute link of the storefront's reset form for a token and its address. */
export function resetPasswordLink(publicUrl: string, token: string, email: string): string {
  const query = new URLSearchParams({ token, email });
  return `${publicUrl}/reset-password-confirm?${query.toString()}`;
}

/** Absolute link of the storefront's sign-in link page for a token and its address. */
export function signInLink(publicUrl: string, token: string, email: string): string {
  const query = new URLSearchParams({ token, email });
  return `${publicUrl}/login/link?${query.toString()}`;
}

interface Texts {
  greeting: (name: string) => string;
  verifySubject: (shop: string) => string;
  verifyBody: string;
  verifyAction: string;
  resetSubject: (shop: string) => string;
  resetBody: string;
  resetAction: string;
  resetIgnore: string;
  signInSubject: (shop: string) => string;
  signInBody: string;
  signInAction: string;
  signInValidFor: (minutes: number) => string;
  signInIgnore: string;
  changedSubject: (shop: string) => string;
  changedBody: (newEmail: string) => string;
  changedHelp: string;
  validFor: (hours: number) => string;
  signature: (shop: string) => string;
}

const texts: Record<Locale, Texts> = {
  en: {
    greeting: (name) => `Hello ${name},`,
    verifySubject: (shop) => `Verify your email address for ${shop}`,
    verifyBody: 'Please confirm your email address by opening this link:',
    verifyAction: 'Verify email address',
    resetSubject: (shop) => `Reset your ${shop} password`,
    resetBody: 'We received a request to reset your password. Choose a new one here:',
    resetAction: 'Reset password',
    resetIgnore: 'If you did not ask for this, ignore this email: your password stays as it is.',
    signInSubject: (shop) => `Your ${shop} sign-in link`,
    signInBody: 'Sign in on the device you asked from with this link, no password needed:',
    signInAction: 'Sign in',
    signInValidFor: (minutes) => `The link works once, within ${minutes} minutes.`,
    signInIgnore:
      'If you did not ask for it, ignore this email: nobody can sign in without the link, and your password stays as it is.',
    changedSubject: (shop) => `Your ${shop} email address was changed`,
    changedBody: (newEmail) => `The email address of your account was changed to ${newEmail}.`,
    changedHelp: 'If you did not do this, contact support right away.',
    validFor: (hours) => `The link is valid for ${hours} ${hours === 1 ? 'hour' : 'hours'}.`,
    signature: (shop) => `The ${shop} team`,
  },
  de: {
    greeting: (name) => `Hallo ${name},`,
    verifySubject: (shop) => `Bestätige deine E-Mail-Adresse für ${shop}`,
    verifyBody: 'Bitte bestätige deine E-Mail-Adresse über diesen Link:',
    verifyAction: 'E-Mail-Adresse bestätigen',
    resetSubject: (shop) => `Setze dein ${shop}-Passwort zurück`,
    resetBody: 'Wir haben eine Anfrage zum Zurücksetzen deines Passworts erhalten. Wähle hier ein neues:',
    resetAction: 'Passwort zurücksetzen',
    resetIgnore:
      'Wenn du das nicht angefordert hast, ignoriere diese E-Mail: dein Passwort bleibt unverändert.',
    signInSubject: (shop) => `Dein Anmeldelink für ${shop}`,
    signInBody:
      'Melde dich mit diesem Link auf dem Gerät an, auf dem du ihn angefordert hast, ganz ohne Passwort:',
    signInAction: 'Anmelden',
    signInValidFor: (minutes) => `Der Link funktioniert einmal, innerhalb von ${minutes} Minuten.`,
    signInIgnore:
      'Wenn du ihn nicht angefordert hast, ignoriere diese E-Mail: ohne den Link kann sich niemand anmelden, und dein Passwort bleibt unverändert.',
    changedSubject: (shop) => `Deine E-Mail-Adresse bei ${shop} wurde geändert`,
    changedBody: (newEmail) => `Die E-Mail-Adresse deines Kontos wurde in ${newEmail} geändert.`,
    changedHelp: 'Wenn du das nicht warst, wende dich bitte sofort an den Support.',
    validFor: (hours) => `Der Link ist ${hours} ${hours === 1 ? 'Stunde' : 'Stunden'} gültig.`,
    signature: (shop) => `Dein ${shop}-Team`,
  },
  es: {
    greeting: (name) => `Hola ${name}:`,
    verifySubject: (shop) => `Verifica tu correo electrónico en ${shop}`,
    verifyBody: 'Confirma tu dirección de correo electrónico abriendo este enlace:',
    verifyAction: 'Verificar correo electrónico',
    resetSubject: (shop) => `Restablece tu contraseña de ${shop}`,
    resetBody: 'Hemos recibido una solicitud para restablecer tu contraseña. Elige una nueva aquí:',
    resetAction: 'Restablecer contraseña',
    resetIgnore: 'Si no lo has solicitado, ignora este correo: tu contraseña no cambiará.',
    signInSubject: (shop) => `Tu enlace para iniciar sesión en ${shop}`,
    signInBody: 'Inicia sesión con este enlace en el dispositivo desde el que lo pediste, sin contraseña:',
    signInAction: 'Iniciar sesión',
    signInValidFor: (minutes) => `El enlace funciona una vez, durante ${minutes} minutos.`,
    signInIgnore:
      'Si no lo has pedido, ignora este correo: nadie puede iniciar sesión sin el enlace y tu contraseña no cambiará.',
    changedSubject: (shop) => `Se ha cambiado tu correo electrónico en ${shop}`,
    changedBody: (newEmail) => `El correo electrónico de tu cuenta se ha cambiado a ${newEmail}.`,
    changedHelp: 'Si no has sido tú, contacta con soporte de inmediato.',
    validFor: (hours) => `El enlace es válido durante ${hours} ${hours === 1 ? 'hora' : 'horas'}.`,
    signature: (shop) => `El equipo de ${shop}`,
  },
};

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

interface Part {
  text: string;
  link?: { href: string; label: string };
}

/** A mail to `context.to`: the greeting, `body`, then the shop's signature, as text and HTML. */
function compose(context: MailContext, subject: string, body: Part[]): MailMessage {
  const l = texts[context.locale];
  const parts = [{ text: l.greeting(context.name) }, ...body, { text: l.signature(context.shopName) }];
  const text = parts.map((part) => (part.link ? `${part.text}\n${part.link.href}` : part.text)).join('\n\n');
  const html = parts
    .map((part) => {
      const paragraph = `<p>${escapeHtml(part.text)}</p>`;
      if (!part.link) return paragraph;
      const href = escapeHtml(part.link.href);
      return `${paragraph}\n<p><a href="${href}">${escapeHtml(part.link.label)}</a><br>${href}</p>`;
    })
    .join('\n');
  return {
    to: context.to,
    subject,
    text: `${text}\n`,
    html: `<!doctype html>\n<html><body>\n${html}\n</body></html>\n`,
  };
}

export interface MailContext {
  locale: Locale;
  publicUrl: string;
  /** The store's name as customers know it (e.g. the company name setting). */
  shopName: string;
  to: string;
  name: string;
}

export function verificationMail(context: MailContext & { token: string; validHours: number }): MailMessage {
  const l = texts[context.locale];
  return compose(context, l.verifySubject(context.shopName), [
    {
      text: l.verifyBody,
      link: { href: verifyEmailLink(context.publicUrl, context.token), label: l.verifyAction },
    },
    { text: l.validFor(context.validHours) },
  ]);
}

export function resetPasswordMail(context: MailContext & { token: string; validHours: number }): MailMessage {
  const l = texts[context.locale];
  const href = resetPasswordLink(context.publicUrl, context.token, context.to);
  return compose(context, l.resetSubject(context.shopName), [
    { text: l.resetBody, link: { href, label: l.resetAction } },
    { text: `${l.validFor(context.validHours)} ${l.resetIgnore}` },
  ]);
}

/** A link that signs in without the password (ADR 0015: the way in for a new device under attack). */
export function signInLinkMail(context: MailContext & { token: string; validMinutes: number }): MailMessage {
  const l = texts[context.locale];
  const href = signInLink(context.publicUrl, context.token, context.to);
  return compose(context, l.signInSubject(context.shopName), [
    { text: l.signInBody, link: { href, label: l.signInAction } },
    { text: `${l.signInValidFor(context.validMinutes)} ${l.signInIgnore}` },
  ]);
}

/** The notice to the old address after a change of email. */
export function emailChangedNotice(context: MailContext & { newEmail: string }): MailMessage {
  const l = texts[context.locale];
  return compose(context, l.changedSubject(context.shopName), [
    { text: `${l.changedBody(context.newEmail)} ${l.changedHelp}` },
  ]);
}
