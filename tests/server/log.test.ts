import { describe, expect, it } from 'vitest';
import { redactUrl } from '../../server/http/log';

describe('request log', () => {
  it('never shows an email verification token', () => {
    expect(redactUrl('/api/email/verify/q3Zf8m1VxT0bN7cLkPa9sRw2yHdEuGj4oXiB6tQnMv5?lang_id=2')).toBe(
      '/api/email/verify/[redacted]?lang_id=2',
    );
  });

  it('leaves other URLs as they are', () => {
    expect(redactUrl('/api/settings?lang_id=1')).toBe('/api/settings?lang_id=1');
  });
});
