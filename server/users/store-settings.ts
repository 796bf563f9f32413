import { inArray } from 'drizzle-orm';
import type { Database } from '../db/database';
import { settings } from '../db/schema';

/** The settings the account operations depend on, with docs/product.md §3 defaults for unset ones. */
export interface AccountSettings {
  registrationOpen: boolean;
  /** Coins in minor units credited once when an address is verified; 0 means none. */
  welcomeBonusMinor: number;
  /** How the store signs its emails. */
  shopName: string;
}

const KEYS = ['is_reg_enabled', 'welcome_bonus_tokens', 'company_name'];
const FALLBACK_SHOP_NAME = 'Blockfront';

export async function accountSettings(db: Database): Promise<AccountSettings> {
  const rows = await db.select().from(settings).where(inArray(settings.key, KEYS));
  const value = (key: string): unknown => rows.find((row) => row.key === key)?.value;
  const bonus = value('welcome_bonus_tokens');
  const shopName = value('company_name');
  return {
    registrationOpen: value('is_reg_enabled') === true,
    welcomeBonusMinor: typeof bonus === 'number' && Number.isSafeInteger(bonus) && bonus > 0 ? bonus : 0,
    shopName: typeof shopName === 'string' && shopName.trim() !== '' ? shopName.trim() : FALLBACK_SHOP_NAME,
  };
}
