import { describe, expect, it } from 'vitest';
import { loggerOptions, redactUrl } from '../../server/http/log';
import { createTestApi } from './support/api';

const TOKEN = 'q3Zf8m1VxT0bN7cLkPa9sRw2yHdEuGj4oXiB6tQnMv5';

describe('request log', () => {
  it('never shows an email verification token', () => {
    expect(redactUrl(`/api/email/verify/${TOKEN}?lang_id=2`)).toBe('/api/email/verify/[redacted]?lang_id=2');
    expect(redactUrl('/api/email/verify/short?lang_id=2')).toBe('/api/email/verify/[redacted]?lang_id=2');
  });

  it('masks the token and the address of a password reset link', () => {
    expect(redactUrl(`/reset-password-confirm?token=${TOKEN}&email=alex%40example.com`)).toBe(
      '/reset-password-confirm?token=[redacted]&email=[redacted]',
    );
  });

  it('masks secret-named parameters whatever their value looks like', () => {
    expect(redactUrl('/api/sandbox/pay/pay_AbCdEfGh12345678?key=abc&lang_id=1')).toBe(
      '/api/sandbox/pay/pay_AbCdEfGh12345678?key=[redacted]&lang_id=1',
    );
    expect(redactUrl('/x?secret=1&password=2&signature=3&code=4')).toBe(
      '/x?secret=[redacted]&password=[redacted]&signature=[redacted]&code=[redacted]',
    );
  });

  it('masks any address or token-like value, in the path or under any name', () => {
    expect(redactUrl('/users/alex@example.com/orders')).toBe('/users/[redacted]/orders');
    expect(redactUrl('/users/alex%40example.com')).toBe('/users/[redacted]');
    expect(redactUrl(`/anything/${TOKEN}/more`)).toBe('/anything/[redacted]/more');
    expect(redactUrl(`/x?t=${TOKEN}&who=a%40b.c&flag`)).toBe('/x?t=[redacted]&who=[redacted]&flag');
    expect(redactUrl(`/x?${TOKEN}`)).toBe('/x?[redacted]');
  });

  it('drops a fragment', () => {
    expect(redactUrl(`/x#token=${TOKEN}`)).toBe('/x');
  });

  it('leaves other URLs as they are', () => {
    expect(redactUrl('/api/settings?lang_id=1')).toBe('/api/settings?lang_id=1');
    expect(redactUrl('/pending-payment?payment=pay_AbCdEfGh12345678')).toBe(
      '/pending-payment?payment=pay_AbCdEfGh12345678',
    );
    expect(redactUrl('/assets/index-B7fQ2k9x.js')).toBe('/assets/index-B7fQ2k9x.js');
    expect(redactUrl('/api/products?page=2&per_page=12&category=ranks')).toBe(
      '/api/products?page=2&per_page=12&category=ranks',
    );
  });
});

describe('the server log', () => {
  it('writes no token or address of a request URL', async () => {
    const lines: string[] = [];
    const api = await createTestApi({ logger: loggerOptions('info', { write: (line) => lines.push(line) }) });
    try {
      await api.app.inject({ url: `/reset-password-confirm?token=${TOKEN}&email=alex%40example.com` });
      await api.app.inject({ url: `/api/email/verify/${TOKEN}` });
    } finally {
      await api.close();
    }
    const log = lines.join('');
    expect(log).toContain('/reset-password-confirm?token=[redacted]&email=[redacted]');
    expect(log).toContain('/api/email/verify/[redacted]');
    expect(log).not.toContain(TOKEN);
    expect(log).not.toContain('example.com');
  });
});
