import type { Database } from '../db/database';
import type { ContentLanguage } from './language';
import { PerDatabaseCache } from './per-database-cache';
import {
  type InvalidSettingReporter,
  readStoredSettings,
  type Settings,
  type StoredSettings,
  settingsIn,
} from './settings';

/**
 * How long an API node answers the settings from memory. Every start of the storefront reads
 * them, and on the embedded database a query per request made `GET /settings` about 30× slower
 * than a bare route (measured with `npm run bench`). Nodes share no memory, so an operator's
 * change reaches every node within this time, not at once; 5 s of staleness is harmless for
 * what the settings hold. Money operations use them too: a checkout or top-up is priced by the
 * settings the storefront was shown, not by a newer read (ADR 0037).
 */
export const SETTINGS_TTL_MS = 5_000;

const cache = new PerDatabaseCache<StoredSettings>(SETTINGS_TTL_MS);

function stored(db: Database, onInvalid?: InvalidSettingReporter): Promise<StoredSettings> {
  return cache.get(db, () => readStoredSettings(db, onInvalid));
}

/** The settings of this database, read at most once per `SETTINGS_TTL_MS`. */
export async function currentSettings(db: Database, onInvalid?: InvalidSettingReporter): Promise<Settings> {
  return (await stored(db, onInvalid)).settings;
}

/** A change of the settings made on this node: served from the next request on. */
export function forgetSettings(db: Database): void {
  cache.forget(db);
}

/** `currentSettings` with the footer texts in `language` where the operator translated them. */
export async function currentSettingsIn(
  db: Database,
  language: ContentLanguage,
  onInvalid?: InvalidSettingReporter,
): Promise<Settings> {
  const { settings, texts } = await stored(db, onInvalid);
  return settingsIn(settings, texts, language.code);
}

/**
 * The `google_tag` setting for the storefront's Content-Security-Policy (buildApp's `googleTag`
 * option). It comes from the same cached read as `GET /settings`, so the policy allows exactly
 * the snippet the storefront was given.
 */
export async function readGoogleTag(db: Database): Promise<string | null> {
  return (await currentSettings(db)).google_tag;
}
