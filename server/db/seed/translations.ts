import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import type { Database } from '../database';
import { languages, translations } from '../schema';

/** Next to this module in the sources; next to the bundle (dist/server/catalogues) in a build. */
export function defaultCataloguesDir(): string {
  return fileURLToPath(new URL('./catalogues', import.meta.url));
}

// A flat {id: message} map, or formatjs's default extract format {id: {defaultMessage}}.
const catalogueSchema = z.record(
  z.string().min(1),
  z.union([z.string(), z.object({ defaultMessage: z.string() }).transform((entry) => entry.defaultMessage)]),
);

const BATCH = 1000;

/** Adds the messages of `<dir>/<code>.json` missing for each language; existing values stay. */
export async function seedTranslations(db: Database, dir: string = defaultCataloguesDir()): Promise<number> {
  let added = 0;
  for (const language of await db.select().from(languages)) {
    const file = path.join(dir, `${language.code}.json`);
    if (!fs.existsSync(file)) continue;
    const parsed = catalogueSchema.safeParse(JSON.parse(fs.readFileSync(file, 'utf8')));
    if (!parsed.success) throw new Error(`Message catalogue ${file} is not a map of message ids to strings`);
    const rows = Object.entries(parsed.data).map(([key, value]) => ({ languageId: language.id, key, value }));
    for (let start = 0; start < rows.length; start += BATCH) {
      const inserted = await db
        .insert(translations)
        .values(rows.slice(start, start + BATCH))
        .onConflictDoNothing()
        .returning({ key: translations.key });
      added += inserted.length;
    }
  }
  return added;
}
