/**
 * The in-game player name an order is delivered to (ADR 0031). One rule for the checkout, the
 * profile and the delivery queue; a name that passes it can be put into a game command as it is:
 * it never holds white space, a line break, `;`, a quote or a brace.
 *
 * - Java Edition: 3 to 16 of `[A-Za-z0-9_]`.
 * - Bedrock Edition through a proxy (Geyser/Floodgate): the network's prefix (e.g. `.`) followed
 *   by the gamertag, spaces written as `_`, 16 characters in all.
 * - Offline-mode names, when the store allows them: 1 to 16 of `[A-Za-z0-9_.-]`.
 */

export interface PlayerNameRules {
  /** The prefix the network's proxy gives Bedrock players; null when it takes no Bedrock players. */
  bedrockPrefix: string | null;
  /** Whether the network runs in offline mode, where names are not checked by Mojang. */
  offlineNames: boolean;
}

export const DEFAULT_PLAYER_NAME_RULES: PlayerNameRules = { bedrockPrefix: '.', offlineNames: false };

/** The longest name any rule accepts (without a prefix). */
export const PLAYER_NAME_MAX_LENGTH = 16;

/** Characters a Bedrock prefix may be: none of them means anything to a command line. */
export const BEDROCK_PREFIX_PATTERN = /^[.*!~+#-]{1,2}$/;

const JAVA = /^[A-Za-z0-9_]{3,16}$/;
const OFFLINE = /^[A-Za-z0-9_.-]{1,16}$/;
const BEDROCK_TAG = /^[A-Za-z0-9_]{1,16}$/;

export type PlayerNameKind = 'java' | 'bedrock' | 'offline';

/** Which rule the name passes, or null when it passes none. */
export function playerNameKind(
  name: string,
  rules: PlayerNameRules = DEFAULT_PLAYER_NAME_RULES,
): PlayerNameKind | null {
  if (JAVA.test(name)) return 'java';
  const prefix = rules.bedrockPrefix;
  if (prefix !== null && name.startsWith(prefix) && name.length <= PLAYER_NAME_MAX_LENGTH) {
    if (BEDROCK_TAG.test(name.slice(prefix.length))) return 'bedrock';
  }
  if (rules.offlineNames && OFFLINE.test(name)) return 'offline';
  return null;
}

export const isPlayerName = (name: string, rules?: PlayerNameRules): boolean =>
  playerNameKind(name, rules) !== null;
