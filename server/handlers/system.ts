import { sql } from 'drizzle-orm';
import { HttpError } from '../http/errors';
import { t } from '../i18n/messages';
import type { ContractHandlers } from './types';

export const systemHandlers = {
  health: async (request) => {
    const { database } = request.server.ctx;
    try {
      await database.db.execute(sql`select 1`);
    } catch (error) {
      request.log.error({ err: error }, 'health: the database does not answer');
      throw new HttpError(503, t(request.locale, 'error.databaseUnavailable'));
    }
    return { status: 'OK', database: 'up', driver: database.driver === 'pg' ? 'postgres' : 'pglite' };
  },
} satisfies Partial<ContractHandlers>;
