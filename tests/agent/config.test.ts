import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../agent/config';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});
const file = (content: unknown) => {
  const dir = mkdtempSync(join(tmpdir(), 'blockfront-agent-config-'));
  dirs.push(dir);
  const path = join(dir, 'agent.json');
  writeFileSync(path, typeof content === 'string' ? content : JSON.stringify(content));
  return path;
};
const env = {
  BLOCKFRONT_URL: 'https://shop.example.net',
  BLOCKFRONT_SECRET: 'gs_secret',
  RCON_PASSWORD: 'hunter2',
};

describe('agent settings', () => {
  it('reads the environment, with the defaults of the README', () => {
    const config = loadConfig([], env);
    expect(config).toMatchObject({
      url: 'https://shop.example.net',
      secret: 'gs_secret',
      rconHost: '127.0.0.1',
      rconPort: 25575,
      rconPassword: 'hunter2',
      rconTimeoutMs: 10_000,
      journal: resolve('agent-journal.jsonl'),
      waitSeconds: 25,
      batch: 10,
      leaseMarginSeconds: 5,
      dryRun: false,
      dryRunPlayers: [],
    });
  });

  it('lets the config file override the environment, and --dry-run override both', () => {
    const path = file({
      url: 'http://127.0.0.1:3000',
      rcon_port: 25580,
      journal: '/var/lib/agent/j.jsonl',
      dry_run: false,
    });
    const config = loadConfig(['--config', path, '--dry-run'], {
      ...env,
      RCON_PORT: '25599',
      AGENT_DRY_RUN_PLAYERS: 'Steve, Alex',
    });
    expect(config).toMatchObject({
      url: 'http://127.0.0.1:3000',
      rconPort: 25580,
      journal: '/var/lib/agent/j.jsonl',
      dryRun: true,
      dryRunPlayers: ['Steve', 'Alex'],
    });
  });

  it('needs no RCON password for a dry run, and a secret always', () => {
    const { RCON_PASSWORD: _, ...withoutPassword } = env;
    expect(loadConfig(['--dry-run'], withoutPassword).dryRun).toBe(true);
    expect(() => loadConfig([], withoutPassword)).toThrow(/RCON_PASSWORD \(rcon_password\) is required/);
    expect(() => loadConfig([], { ...env, BLOCKFRONT_SECRET: '' })).toThrow(
      /BLOCKFRONT_SECRET \(secret\) is required/,
    );
  });

  it('refuses an unknown key, a file that is not an object, an unknown argument and out-of-range numbers', () => {
    expect(() => loadConfig(['--config', file({ rcon_pasword: 'x' })], env)).toThrow(
      /unknown key "rcon_pasword"/,
    );
    expect(() => loadConfig(['--config', file('[1]')], env)).toThrow(/must hold a JSON object/);
    expect(() => loadConfig(['--config', file('{')], env)).toThrow(/cannot be read/);
    expect(() => loadConfig(['--verbose'], env)).toThrow(/Unknown argument --verbose/);
    expect(() => loadConfig([], { ...env, AGENT_WAIT_SECONDS: '30' })).toThrow(
      /AGENT_WAIT_SECONDS \(wait_seconds\)/,
    );
    expect(() => loadConfig([], { ...env, AGENT_BATCH: '101' })).toThrow(/AGENT_BATCH \(batch\)/);
  });

  it('answers --help with the usage and exit code 0', () => {
    try {
      loadConfig(['--help'], env);
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      expect((error as ConfigError).exitCode).toBe(0);
      expect((error as ConfigError).message).toMatch(/^Usage: npm run agent/);
    }
  });
});
