import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { type TopUpPresetsProblem, topUpPresetsProblem } from '../../domain/settings-rules';
import { catalogueChanged } from '../catalogue/catalogue-changes';
import { type SettingKey, type Settings, settingsFromRows, settingValue } from '../catalogue/settings';
import { forgetSettings } from '../catalogue/settings-cache';
import type { Database } from '../db/database';
import { settings } from '../db/schema';
import { transaction } from '../db/statement';
import { type Actor, audit } from './audit';

type Row = { key: string; value: unknown };

/** The stored settings and the version an operator's copy of them is read at (an ETag). */
export interface VersionedSettings {
  settings: Settings;
  version: string;
}

/** `If-Match` names another version than the stored one: somebody saved in between. */
export class SettingsChangedError extends Error {
  constructor(readonly current: string) {
    super(`The settings are at ${current} now`);
    this.name = 'SettingsChangedError';
  }
}

/** A value the store cannot keep for `key` (the contract let it through, the setting's rule did not). */
export class InvalidSettingError extends Error {
  constructor(
    readonly key: SettingKey,
    /** Why, when the rule says more than "not valid" (the top-up packs' rule). */
    readonly problem?: TopUpPresetsProblem,
  ) {
    super(`Not a valid value for ${key}`);
    this.name = 'InvalidSettingError';
  }
}

/** The packs' own rule (a count, whole amounts, none twice) with its reason, before the minimum's. */
function presetsProblem(given: unknown): void {
  if (!Array.isArray(given) || !given.every((amount) => typeof amount === 'number')) return;
  const problem = topUpPresetsProblem(given, 0);
  if (problem !== null) throw new InvalidSettingError('top_up_presets', problem);
}

/** A hash of every stored row (per-language texts too), quoted as an ETag: any change moves it. */
function versionOf(rows: readonly Row[]): string {
  const sorted = [...rows].sort((a, b) => (a.key < b.key ? -1 : 1)).map((row) => [row.key, row.value]);
  return `"${createHash('sha256').update(JSON.stringify(sorted)).digest('hex').slice(0, 16)}"`;
}

function versioned(rows: readonly Row[]): VersionedSettings {
  return { settings: settingsFromRows(rows), version: versionOf(rows) };
}

async function storedRows(db: Database): Promise<Row[]> {
  return db.select({ key: settings.key, value: settings.value }).from(settings);
}

/** The settings as stored, straight from the database, for an operator to edit. */
export async function readVersionedSettings(db: Database): Promise<VersionedSettings> {
  return versioned(await storedRows(db));
}

/**
 * Saves the fields of `change` that differ from the stored ones, if the settings are still at
 * `ifMatch`; one audit row holds the changed fields before → after, in the same transaction. The
 * node's cache forgets the old settings once the change is committed (ADR 0037).
 */
export async function changeSettings(
  db: Database,
  actor: Actor,
  ifMatch: string,
  change: Partial<Record<SettingKey, unknown>>,
): Promise<VersionedSettings> {
  const saved = await transaction(db, async (tx) => {
    // Two saves one after the other, never interleaved: the second one sees the first one's version.
    await tx.execute(sql`lock table settings in exclusive mode`);
    const rows = await storedRows(tx);
    const current = versioned(rows);
    if (current.version !== ifMatch) throw new SettingsChangedError(current.version);
    const before: Partial<Settings> = {};
    const after: Partial<Settings> = {};
    for (const [key, given] of Object.entries(change) as [SettingKey, unknown][]) {
      if (key === 'top_up_presets') presetsProblem(given);
      const parsed = settingValue(key, given);
      if (parsed === undefined) throw new InvalidSettingError(key);
      if (JSON.stringify(parsed.value) === JSON.stringify(current.settings[key])) continue;
      Object.assign(before, { [key]: current.settings[key] });
      Object.assign(after, { [key]: parsed.value });
    }
    // The packs against the minimum they will be sold under: either may be the one that changed.
    const { top_up_presets = current.settings.top_up_presets, min_top_up = current.settings.min_top_up } =
      after;
    const problem = topUpPresetsProblem(top_up_presets, min_top_up);
    if (problem !== null) throw new InvalidSettingError('top_up_presets', problem);
    const keys = Object.keys(after);
    if (keys.length === 0) return current;
    await tx
      .insert(settings)
      // As JSON text: drizzle would write a setting's `null` as SQL NULL, not as the JSON value.
      .values(
        Object.entries(after).map(([key, value]) => ({ key, value: sql`${JSON.stringify(value)}::jsonb` })),
      )
      .onConflictDoUpdate({ target: settings.key, set: { value: sql`excluded.value` } });
    await audit(tx, actor, {
      action: 'settings.update',
      entity: 'settings',
      entityId: 'store',
      before,
      after,
    });
    return versioned(await storedRows(tx));
  });
  forgetSettings(db);
  // Rendered pages show the settings (the footer's texts, the server address): render them anew.
  catalogueChanged(db);
  return saved;
}
