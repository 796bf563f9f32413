/**
 * The agent's settings: environment variables, overridden by a JSON file given with `--config`,
 * overridden by `--dry-run`. Every problem is reported at once, and the secret and the RCON
 * password are never printed.
 */
import { readFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { resolve } from 'node:path';
import { z } from 'zod';

export interface AgentConfig {
  url: string;
  secret: string;
  rconHost: string;
  rconPort: number;
  rconPassword: string;
  rconTimeoutMs: number;
  journal: string;
  waitSeconds: number;
  batch: number;
  leaseMarginSeconds: number;
  dryRun: boolean;
  /** In a dry run, the players `list` pretends are online (for `online` commands). */
  dryRunPlayers: string[];
  /** The lease holder's name the store records. */
  name: string;
}

export class ConfigError extends Error {
  constructor(
    message: string,
    /** 0 for --help, 2 for unusable settings. */
    readonly exitCode = 2,
  ) {
    super(message);
  }
}

/** Environment variables and the config file's key for each setting. */
const ENV = {
  url: 'BLOCKFRONT_URL',
  secret: 'BLOCKFRONT_SECRET',
  rconHost: 'RCON_HOST',
  rconPort: 'RCON_PORT',
  rconPassword: 'RCON_PASSWORD',
  rconTimeoutMs: 'RCON_TIMEOUT_MS',
  journal: 'AGENT_JOURNAL',
  waitSeconds: 'AGENT_WAIT_SECONDS',
  batch: 'AGENT_BATCH',
  leaseMarginSeconds: 'AGENT_LEASE_MARGIN_SECONDS',
  dryRunPlayers: 'AGENT_DRY_RUN_PLAYERS',
  name: 'AGENT_NAME',
} as const;

const FILE_KEYS: Record<string, keyof typeof ENV | 'dryRun'> = {
  url: 'url',
  secret: 'secret',
  rcon_host: 'rconHost',
  rcon_port: 'rconPort',
  rcon_password: 'rconPassword',
  rcon_timeout_ms: 'rconTimeoutMs',
  journal: 'journal',
  wait_seconds: 'waitSeconds',
  batch: 'batch',
  lease_margin_seconds: 'leaseMarginSeconds',
  dry_run: 'dryRun',
  dry_run_players: 'dryRunPlayers',
  name: 'name',
};

const integer = (min: number, max: number) => z.coerce.number().int().min(min).max(max);

const schema = z
  .object({
    url: z.url({ protocol: /^https?$/, error: 'must be the store’s http(s) address' }),
    secret: z.string().optional(),
    rconHost: z.string().min(1).default('127.0.0.1'),
    rconPort: integer(1, 65535).default(25575),
    rconPassword: z.string().optional(),
    rconTimeoutMs: integer(100, 600_000).default(10_000),
    journal: z.string().min(1).default('agent-journal.jsonl'),
    waitSeconds: z.coerce.number().min(0).max(25).default(25),
    batch: integer(1, 100).default(10),
    leaseMarginSeconds: z.coerce.number().min(0).max(50).default(5),
    dryRun: z.boolean().default(false),
    dryRunPlayers: z
      .union([z.array(z.string()), z.string().transform((s) => s.split(',').map((p) => p.trim()))])
      .transform((names) => names.filter(Boolean))
      .default([]),
    name: z.string().min(1).max(100).default(`${hostname()}:${process.pid}`),
  })
  .superRefine((config, ctx) => {
    if (!config.secret) ctx.addIssue({ code: 'custom', path: ['secret'], message: 'is required' });
    if (!config.dryRun && !config.rconPassword) {
      ctx.addIssue({ code: 'custom', path: ['rconPassword'], message: 'is required (or use --dry-run)' });
    }
  });

const USAGE = `Usage: npm run agent -- [--config agent.json] [--dry-run]
Settings (environment, or the config file's keys): BLOCKFRONT_URL (url), BLOCKFRONT_SECRET (secret),
RCON_HOST (rcon_host, 127.0.0.1), RCON_PORT (rcon_port, 25575), RCON_PASSWORD (rcon_password),
AGENT_JOURNAL (journal, agent-journal.jsonl); see README.md for the rest.`;

export function loadConfig(argv: readonly string[], env: NodeJS.ProcessEnv): AgentConfig {
  let configFile: string | undefined;
  let dryRun = false;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === '--dry-run') dryRun = true;
    else if (arg === '--config') configFile = argv[++i];
    else if (arg?.startsWith('--config=')) configFile = arg.slice('--config='.length);
    else if (arg === '--help' || arg === '-h') throw new ConfigError(USAGE, 0);
    else throw new ConfigError(`Unknown argument ${arg}.\n${USAGE}`);
  }
  const raw: Record<string, unknown> = {};
  for (const [key, name] of Object.entries(ENV)) {
    const value = env[name];
    if (value !== undefined && value !== '') raw[key] = value;
  }
  if (configFile !== undefined) {
    let file: unknown;
    try {
      file = JSON.parse(readFileSync(resolve(configFile), 'utf8'));
    } catch (error) {
      throw new ConfigError(`The config file ${configFile} cannot be read: ${(error as Error).message}`);
    }
    if (typeof file !== 'object' || file === null || Array.isArray(file)) {
      throw new ConfigError(`The config file ${configFile} must hold a JSON object.`);
    }
    for (const [key, value] of Object.entries(file)) {
      const setting = FILE_KEYS[key];
      if (!setting) throw new ConfigError(`The config file ${configFile} has an unknown key "${key}".`);
      raw[setting] = value;
    }
  }
  if (dryRun) raw.dryRun = true;
  const parsed = schema.safeParse(raw);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => {
      const key = String(issue.path[0] ?? '');
      const fileKey = Object.entries(FILE_KEYS).find(([, s]) => s === key)?.[0];
      const envName = ENV[key as keyof typeof ENV];
      const label = envName ? `${envName}${fileKey ? ` (${fileKey})` : ''}` : key;
      return `  ${label} ${issue.message}`;
    });
    throw new ConfigError(`The agent's settings are not usable:\n${problems.join('\n')}\n${USAGE}`);
  }
  const config = parsed.data;
  return {
    ...config,
    secret: config.secret ?? '',
    rconPassword: config.rconPassword ?? '',
    journal: resolve(config.journal),
  };
}
