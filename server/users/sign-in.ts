import type { components } from '../../domain/contract';
import { createSession, type User } from '../auth/sessions';
import type { Database } from '../db/database';

type AuthResponse = components['schemas']['AuthResponse'];

/** Opens a session for the user and answers with its bearer token (shown this once, stored hashed). */
export async function signIn(db: Database, user: User, message: string): Promise<AuthResponse> {
  const session = await createSession(db, user.id);
  return {
    status: 'OK',
    message,
    access_token: session.token,
    token_type: 'Bearer',
    expires_at: session.expiresAt.toISOString(),
    emailVerified: user.emailVerifiedAt !== null,
  };
}
