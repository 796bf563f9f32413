// A purchase reaches the game (ADR 0031): a customer buys the VIP Rank for the player they name at
// checkout, pays by card in the sandbox, and watches the order history. A real store agent
// (agent/main.ts) against the RCON double on loopback then runs the rank's command, and the
// history says Delivered without the page being reloaded: its status follows by itself.
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { type AgentProcess, startAgent } from '../support/agent-process';
import { type RconServer, startRconServer } from '../support/rcon-server';
import { signUpVerified } from './support/auth';
import { blockingViolations, describeViolations } from './support/axe';
import { journey } from './support/journey';
import { type Customer, openPage, seeText, waitForPath } from './support/storefront';

const RCON_PASSWORD = 'e2e-rcon-password';

const customer: Customer = {
  name: 'Sam',
  surname: 'Rivera',
  email: 'sam.rivera@example.com',
  phone: '30901822',
  formattedPhone: '+49 30 901822',
  country: 'Germany',
  city: 'Berlin',
  password: 'Emerald42',
};

describe('a paid rank reaches the game server', () => {
  const j = journey('delivery', 1280);
  let rcon: RconServer | undefined;
  let agent: AgentProcess | undefined;
  const journals = mkdtempSync(join(tmpdir(), 'blockfront-e2e-agent-'));

  afterAll(async () => {
    await agent?.kill('SIGTERM');
    await rcon?.close();
    rmSync(journals, { recursive: true, force: true });
  });

  it('names the player at checkout and pays by card', async () => {
    const { page } = j;
    await signUpVerified(page, j.dataDir, customer);
    await openPage(page, '/shop');
    await page.getByRole('button', { name: 'Add to cart (VIP Rank)' }).click();
    await seeText(page, 'Added to cart');
    await openPage(page, '/cart');
    const player = page.getByRole('textbox', { name: 'Player name' });
    // A new customer has no player saved yet: the field starts empty and is required.
    expect(await player.inputValue()).toBe('');
    await page.getByLabel('Debit / Credit card').check();
    await page.getByRole('button', { name: 'Pay by card' }).click();
    await seeText(page, 'Please enter the player name the order is for.');
    await player.fill('Steve');
    await j.screenshot('cart-player', [375, 1280]);
    await page.getByRole('button', { name: 'Pay by card' }).click();
    await page.waitForURL(/\/api\/sandbox\/pay\//);
    await page.locator('button.pay').click();
    await waitForPath(page, '/success-payment');
    await page.getByText(/Follow each delivery in your order history\./).waitFor();
  });

  it('sees the delivery queued, and Delivered once the agent has run the command, without a reload', async () => {
    const { page } = j;
    await openPage(page, '/account/order-history');
    await seeText(page, 'Queued for Steve');
    await j.screenshot('history-queued', [375, 1280]);

    // The network's side: the customer's account made an operator, lobby's secret rotated for
    // the agent, and the agent started against the RCON double.
    await promisify(execFile)(
      process.execPath,
      ['--import', 'tsx', 'scripts/operator.ts', 'grant', customer.email],
      {
        env: { ...process.env, DATA_DIR: j.dataDir },
      },
    );
    const secret = await page.evaluate(async () => {
      const headers = {
        authorization: `Bearer ${localStorage.getItem('token')}`,
        'content-type': 'application/json',
      };
      const servers = (await (await fetch('/api/operator/game-servers', { headers })).json())
        .payload as Array<{
        id: number;
        name: string;
      }>;
      const lobby = servers.find((server) => server.name === 'lobby');
      const rotated = await fetch(`/api/operator/game-servers/${lobby?.id}/rotate-secret`, {
        method: 'POST',
        headers,
        body: '{}',
      });
      return (await rotated.json()).payload.secret as string;
    });
    rcon = await startRconServer({ password: RCON_PASSWORD, players: [] });
    agent = startAgent({
      BLOCKFRONT_URL: j.baseURL,
      BLOCKFRONT_SECRET: secret,
      RCON_HOST: rcon.host,
      RCON_PORT: String(rcon.port),
      RCON_PASSWORD,
      AGENT_JOURNAL: join(journals, 'lobby.jsonl'),
    });

    await page.getByText(/^Delivered to Steve on /).waitFor({ timeout: 30_000 });
    expect(rcon.commands()).toEqual(['lp user Steve parent add vip']);
    expect(await page.getByText('Queued for Steve').count()).toBe(0);
    await j.screenshot('history-delivered', [375, 1280]);
    const violations = await blockingViolations(page);
    expect(violations, describeViolations(violations)).toEqual([]);
  });
});
