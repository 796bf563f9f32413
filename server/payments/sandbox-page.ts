import { createHash } from 'node:crypto';
import { formatMoney } from '../../domain/money-text';
import { type Locale, t } from '../i18n/messages';
import type { PaymentRow } from './payments';

const STYLE = `
body{margin:0;min-height:100vh;display:grid;place-items:center;background:#0f172a;color:#e2e8f0;
font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif}
main{width:min(26rem,calc(100vw - 2rem));padding:2rem;border-radius:1rem;background:#1e293b;
box-shadow:0 1rem 3rem rgb(0 0 0/.4)}
h1{margin:0 0 .25rem;font-size:1.5rem}
.notice{margin:0 0 1.5rem;color:#94a3b8;font-size:.875rem}
.amount{margin:0;font-size:2.25rem;font-weight:700;color:#facc15}
.what{margin:0 0 1.5rem;color:#cbd5e1}
form{display:grid;gap:.75rem}
button,a.button{display:block;padding:.8rem 1rem;border:0;border-radius:.5rem;font:inherit;font-weight:600;
text-align:center;text-decoration:none;cursor:pointer}
button:focus-visible,a.button:focus-visible{outline:3px solid #facc15;outline-offset:2px}
.pay{background:#22c55e;color:#052e16}
.decline{background:#dc2626;color:#fff}
.pending{background:#334155;color:#e2e8f0}
a.button{background:#334155;color:#e2e8f0}
`;

/**
 * The sandbox page's own Content-Security-Policy: nothing but its one inline style (by hash) and
 * a form posting to this origin. It has no script at all.
 */
export const SANDBOX_PAGE_CSP = [
  "default-src 'none'",
  `style-src 'sha256-${createHash('sha256').update(STYLE, 'utf8').digest('base64')}'`,
  "form-action 'self'",
  "base-uri 'none'",
  "frame-ancestors 'none'",
].join('; ');

const ENTITIES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => ENTITIES[char] ?? char);
}

function page(locale: Locale, body: string): string {
  return `<!doctype html>
<html lang="${locale}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(t(locale, 'sandbox.title'))}</title>
<style>${STYLE}</style>
</head>
<body>
<main>
<h1>${escapeHtml(t(locale, 'sandbox.title'))}</h1>
<p class="notice">${escapeHtml(t(locale, 'sandbox.notice'))}</p>
${body}
</main>
</body>
</html>
`;
}

/**
 * The payment page: the amount, what it buys, and Pay, Decline and Leave pending, posted to
 * `action` (the page's own URL, key included).
 */
export function sandboxPaymentPage(
  locale: Locale,
  payment: PaymentRow,
  description: string,
  action: string,
): string {
  const amount = formatMoney(payment.amountMinor, { code: payment.currency }, locale);
  const summary = `<p class="amount" aria-label="${escapeHtml(t(locale, 'sandbox.amount'))}">${escapeHtml(amount)}</p>
<p class="what">${escapeHtml(description)}</p>`;
  if (payment.status !== 'pending') {
    const state = t(locale, `sandbox.${payment.status}` as const);
    return page(
      locale,
      `${summary}
<p>${escapeHtml(state)}</p>
<a class="button" href="/">${escapeHtml(t(locale, 'sandbox.back'))}</a>`,
    );
  }
  return page(
    locale,
    `${summary}
<form method="post" action="${escapeHtml(action)}">
<button class="pay" type="submit" name="choice" value="pay">${escapeHtml(t(locale, 'sandbox.pay'))}</button>
<button class="decline" type="submit" name="choice" value="decline">${escapeHtml(t(locale, 'sandbox.decline'))}</button>
<button class="pending" type="submit" name="choice" value="pending">${escapeHtml(t(locale, 'sandbox.leavePending'))}</button>
</form>`,
  );
}

export function sandboxNotFoundPage(locale: Locale): string {
  return page(
    locale,
    `<p>${escapeHtml(t(locale, 'sandbox.notFound'))}</p>
<a class="button" href="/">${escapeHtml(t(locale, 'sandbox.back'))}</a>`,
  );
}
