/**
 * The store agent (`npm run agent -- [--config agent.json] [--dry-run]`): runs beside one game server,
 * leases its deliveries from the store, runs them over RCON and reports them (README "The store
 * agent"). SIGINT/SIGTERM finish the command in flight, report and exit; a second signal exits at
 * once (the journal keeps everything for the next start).
 */
import { createActor } from 'xstate';
import { type AgentEmitted, agentMachine } from '../machines/agent';
import { type AgentConfig, ConfigError, loadConfig } from './config';
import { agentActors } from './effects';
import { faultsFrom } from './faults';
import { Journal } from './journal';
import { DryRunConsole, type GameConsole, RconConsole } from './rcon';
import { StoreClient } from './store';

const log = (message: string): void => {
  process.stdout.write(`${new Date().toISOString()} ${message}\n`);
};

const describe = (d: {
  delivery_id: string | number;
  attempt: number;
  order_id: string | number;
  player: string;
}) => `delivery ${d.delivery_id} attempt ${d.attempt} (order ${d.order_id}, ${d.player})`;

function logEvent(event: AgentEmitted): void {
  switch (event.type) {
    case 'delivered':
      log(
        `${event.outcome} ${describe(event.delivery)}: ${event.delivery.command} → ${JSON.stringify(event.reply)}`,
      );
      break;
    case 'skipped':
      log(
        `skipped ${describe(event.delivery)}: ${
          event.reason === 'player-left' ? 'the player left the game server' : 'the lease is no longer ours'
        }`,
      );
      break;
    case 'uncertain':
      log(
        `UNCERTAIN ${describe(event.delivery)}: ${
          event.reason === 'started-before'
            ? 'started before and maybe run; it is not run again (the operator decides)'
            : 'the RCON connection was lost mid-command; it is not run again (the operator decides)'
        }`,
      );
      break;
    case 'unsafe':
      log(`failed ${describe(event.delivery)}, not sent: ${event.reason}`);
      break;
    case 'rconDown':
      log(`RCON: ${event.message}; retrying`);
      break;
    case 'storeDown':
      log(`store: ${event.message}; retrying`);
      break;
  }
}

const EXIT = { stopped: 0, refused: 3, broken: 4 } as const;

async function main(): Promise<void> {
  let config: AgentConfig;
  try {
    config = loadConfig(process.argv.slice(2), process.env);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    (error.exitCode === 0 ? process.stdout : process.stderr).write(`${error.message}\n`);
    process.exit(error.exitCode);
  }
  const journal = Journal.open(config.journal);
  if (journal.skipped > 0)
    log(`journal: ${journal.skipped} unreadable line(s) ignored (a write cut off by a crash)`);
  const console: GameConsole = config.dryRun
    ? new DryRunConsole(log, config.dryRunPlayers)
    : new RconConsole({
        host: config.rconHost,
        port: config.rconPort,
        password: config.rconPassword,
        timeoutMs: config.rconTimeoutMs,
      });
  const store = new StoreClient({
    url: config.url,
    secret: config.secret,
    waitSeconds: config.waitSeconds,
    batch: config.batch,
    agent: config.name,
  });
  const actor = createActor(
    agentMachine.provide({
      actors: agentActors({
        journal,
        console,
        store,
        faults: faultsFrom(process.env.AGENT_KILL_AT),
        leaseMarginMs: config.leaseMarginSeconds * 1000,
      }),
    }),
  );
  actor.on('*', (event) => logEvent(event as AgentEmitted));

  let signals = 0;
  const stop = (signal: NodeJS.Signals) => {
    signals += 1;
    if (signals > 1) {
      log(`${signal} again: exiting now; the journal keeps what is not reported`);
      process.exit(130);
    }
    log(`${signal}: finishing the command in flight, reporting, then stopping`);
    actor.send({ type: 'STOP' });
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);

  let leasing = false;
  const finished = new Promise<void>((resolve) => {
    actor.subscribe({
      next: (snapshot) => {
        if (snapshot.value === 'leasing' && !leasing) {
          leasing = true;
          log('ready: waiting for deliveries');
        }
        if (snapshot.status !== 'done') return;
        const end = snapshot.value as keyof typeof EXIT;
        if (end === 'refused') log(`stopped: ${snapshot.context.error} Check BLOCKFRONT_SECRET.`);
        else if (end === 'broken') log(`stopped: ${snapshot.context.error}`);
        else log('stopped');
        process.exitCode = EXIT[end] ?? 1;
        resolve();
      },
      error: (error) => {
        log(`stopped on an unexpected error: ${String(error)}`);
        process.exitCode = 1;
        resolve();
      },
    });
  });
  log(
    `agent ${config.name} for ${config.url}, ${
      config.dryRun
        ? 'DRY RUN (commands are logged, not sent; results are reported as delivered)'
        : `RCON ${config.rconHost}:${config.rconPort}`
    }, journal ${config.journal}`,
  );
  actor.start();
  await finished;
  await console.close();
  journal.close();
}

await main();
