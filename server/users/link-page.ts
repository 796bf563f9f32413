import { type Locale, t } from '../i18n/messages';

/** The short page a browser gets for an unknown or expired verification link. */
export function invalidVerificationLinkPage(locale: Locale): string {
  const title = t(locale, 'auth.verifyLinkInvalid');
  return `<!doctype html>
<html lang="${locale}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${title}</title></head>
<body>
<main>
<h1>${title}</h1>
<p>${t(locale, 'auth.verifyLinkHelp')}</p>
<p><a href="/">${t(locale, 'auth.goHome')}</a></p>
</main>
</body>
</html>
`;
}
