import { createHash, randomBytes } from 'node:crypto';

/** A new secret token: 32 random bytes, base64url (43 characters). Give it out once, store its hash. */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

/** What the database keeps of a token: its SHA-256, hex. Lookups hash the presented token the same way. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** A token and the hash to store, e.g. `const { token, tokenHash } = issueToken()`. */
export function issueToken(): { token: string; tokenHash: string } {
  const token = newToken();
  return { token, tokenHash: hashToken(token) };
}
