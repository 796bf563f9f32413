import { connect } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { MAX_RCON_COMMAND_BYTES, parsePlayerList, RconConsole, unsafeCommand } from '../../agent/rcon';
import { decodePackets, encodePacket, type RconServer, startRconServer } from '../support/rcon-server';

const servers: RconServer[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) await server.close();
});
async function double(options: Parameters<typeof startRconServer>[0]) {
  const server = await startRconServer(options);
  servers.push(server);
  return server;
}
const consoleFor = (server: RconServer, password = 'hunter2', timeoutMs = 2000) =>
  new RconConsole({ host: server.host, port: server.port, password, timeoutMs });

/** Raw packets over a socket, to check the double speaks the protocol byte for byte. */
async function exchange(port: number, packets: Buffer[], expected: number) {
  const socket = connect(port, '127.0.0.1');
  let buffer: Buffer = Buffer.alloc(0);
  const replies: Array<{ id: number; type: number; body: string }> = [];
  await new Promise<void>((resolve, reject) => {
    socket.on('error', reject);
    socket.on('close', () => resolve());
    socket.on('data', (chunk) => {
      const decoded = decodePackets(Buffer.concat([buffer, chunk]));
      buffer = decoded.rest;
      replies.push(...decoded.packets);
      if (replies.length >= expected) socket.end();
    });
    // Both packets in one write, the second split across two: the double must reassemble them.
    const all = Buffer.concat(packets);
    socket.write(all.subarray(0, all.length - 3));
    setTimeout(() => socket.write(all.subarray(all.length - 3)), 20);
  });
  return replies;
}

describe('the RCON double', () => {
  it('speaks the protocol: int32 LE length, id, type; ASCII body; two NULs', async () => {
    const server = await double({ password: 'hunter2', players: ['Steve'] });
    const replies = await exchange(
      server.port,
      [encodePacket(7, 3, 'hunter2'), encodePacket(8, 2, 'list')],
      2,
    );
    expect(replies).toEqual([
      { id: 7, type: 2, body: '' },
      { id: 8, type: 0, body: 'There are 1 of a max of 20 players online: Steve' },
    ]);
    const packet = encodePacket(8, 2, 'list');
    expect([...packet]).toEqual([14, 0, 0, 0, 8, 0, 0, 0, 2, 0, 0, 0, 108, 105, 115, 116, 0, 0]);
  });

  it('answers a wrong password with id -1 and runs nothing sent without authentication', async () => {
    const server = await double({ password: 'hunter2' });
    const replies = await exchange(
      server.port,
      [encodePacket(1, 3, 'wrong'), encodePacket(2, 2, 'op Steve')],
      1,
    );
    expect(replies[0]).toEqual({ id: -1, type: 2, body: '' });
    expect(server.received).toEqual([]);
    expect(server.stats.failedAuth).toBe(1);
  });

  it('records every command through rcon-client, in order, and replies', async () => {
    const server = await double({ password: 'hunter2', reply: (c) => `ran ${c}` });
    const rcon = consoleFor(server);
    await rcon.connect();
    expect(await rcon.send('lp user Steve parent add vip')).toBe('ran lp user Steve parent add vip');
    expect(await rcon.send('crate key give Steve common 3')).toBe('ran crate key give Steve common 3');
    expect(server.commands()).toEqual(['lp user Steve parent add vip', 'crate key give Steve common 3']);
    await rcon.close();
  });

  it('closes the connection mid-command when told to: the client sees it fail, the double recorded it', async () => {
    const server = await double({ password: 'hunter2', closeOn: (_, index) => index === 1 });
    const rcon = consoleFor(server);
    await rcon.connect();
    await rcon.send('say one');
    await expect(rcon.send('say two')).rejects.toMatchObject({ kind: 'rcon' });
    expect(server.commands()).toEqual(['say one', 'say two']);
    // The console reconnects on the next connect().
    await rcon.connect();
    expect(await rcon.send('say three')).toBe('Executed: say three');
    expect(server.stats.connections).toBe(2);
    await rcon.close();
  });
});

describe('the RCON console', () => {
  it('fails to connect with a wrong password or nobody listening, as an rcon failure', async () => {
    const server = await double({ password: 'hunter2' });
    await expect(consoleFor(server, 'wrong').connect()).rejects.toMatchObject({ kind: 'rcon' });
    const port = server.port;
    await server.close();
    servers.length = 0;
    await expect(
      new RconConsole({ host: '127.0.0.1', port, password: 'x', timeoutMs: 500 }).connect(),
    ).rejects.toMatchObject({ kind: 'rcon', message: expect.stringContaining('ECONNREFUSED') });
  });

  it('counts a reply slower than its timeout as lost', async () => {
    const server = await double({ password: 'hunter2', delayMs: 400 });
    const rcon = consoleFor(server, 'hunter2', 100);
    await rcon.connect();
    await expect(rcon.send('say slow')).rejects.toMatchObject({ kind: 'rcon' });
    await rcon.close();
  });

  it('reads the online players from `list`', async () => {
    const server = await double({ password: 'hunter2', players: ['Steve', 'Alex', '.BedrockBob'] });
    const rcon = consoleFor(server);
    await rcon.connect();
    expect(await rcon.players()).toEqual(['Steve', 'Alex', '.BedrockBob']);
    server.players = [];
    expect(await rcon.players()).toEqual([]);
    await rcon.close();
  });
});

describe('parsePlayerList', () => {
  it('reads the replies of vanilla versions, `list uuids` and colour codes', () => {
    expect(parsePlayerList('There are 2 of a max of 20 players online: Steve, Alex')).toEqual([
      'Steve',
      'Alex',
    ]);
    expect(parsePlayerList('There are 0 of a max of 20 players online: ')).toEqual([]);
    expect(parsePlayerList('There are 2/20 players online:\nSteve, Alex')).toEqual(['Steve', 'Alex']);
    expect(
      parsePlayerList(
        'There are 1 of a max of 20 players online: Steve (069a79f4-44e9-4726-a5be-fca90e38aaf5)',
      ),
    ).toEqual(['Steve']);
    expect(parsePlayerList('§6There are §c1§6 out of maximum §c20§6 players online: §fSteve')).toEqual([
      'Steve',
    ]);
    expect(parsePlayerList('Unknown command')).toEqual([]);
  });
});

describe('unsafeCommand', () => {
  it('refuses a line break, a NUL, an empty command and one longer than RCON takes', () => {
    expect(unsafeCommand('lp user Steve parent add vip')).toBeNull();
    expect(unsafeCommand('say Steve\nop Steve')).toMatch(/line break/);
    expect(unsafeCommand('say Steve\rop Steve')).toMatch(/line break/);
    expect(unsafeCommand('say \0')).toMatch(/NUL/);
    expect(unsafeCommand('  ')).toMatch(/empty/);
    expect(unsafeCommand(`say ${'x'.repeat(MAX_RCON_COMMAND_BYTES)}`)).toMatch(/at most 1446/);
    expect(unsafeCommand(`say ${'x'.repeat(MAX_RCON_COMMAND_BYTES - 4)}`)).toBeNull();
  });
});
