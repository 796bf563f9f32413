import { describe, expect, it } from 'vitest';
import { initialTransition, transition } from 'xstate';
import { copyAddressMachine, copyMessages, formatAddress, selectAddress } from '../../machines/copyAddress';
import { showToast } from '../../machines/toasts';
import { describePaths, doneEvent, errorEvent, pathPlan } from '../support/paths';
import { english } from '../support/text';
import { sentBy, withSystemTargets } from './support';

describePaths(
  'copyAddress paths',
  pathPlan(copyAddressMachine, {
    input: {},
    events: [
      { type: 'COPY' },
      { type: 'SERVER_KNOWN', host: 'mc.example.net', port: 25565 },
      doneEvent('writeClipboard'),
      errorEvent('writeClipboard', new Error('denied')),
    ],
  }),
);

describe('copyAddress rules', () => {
  it('formats host, plus a colon and the port when there is one', () => {
    expect(formatAddress({ host: 'mc.example.net', port: 25565 })).toBe('mc.example.net:25565');
    expect(formatAddress({ host: 'mc.example.net', port: null })).toBe('mc.example.net');
    expect(formatAddress(null)).toBeUndefined();
  });

  it('has no address and ignores COPY until the server is known', () => {
    const [unknown] = initialTransition(copyAddressMachine, {});
    expect(selectAddress(unknown)).toBeUndefined();
    expect(unknown.can({ type: 'COPY' })).toBe(false);
    const [known] = transition(copyAddressMachine, unknown, {
      type: 'SERVER_KNOWN',
      host: 'play.example.org',
    });
    expect(selectAddress(known)).toBe('play.example.org');
    expect(known.can({ type: 'COPY' })).toBe(true);
  });

  it('writes the address to the clipboard and toasts the success notice', () => {
    const machine = withSystemTargets(copyAddressMachine);
    const [idle] = initialTransition(machine, { server: { host: 'mc.example.net', port: 25565 } });
    const [copying, started] = transition(machine, idle, { type: 'COPY' });
    expect(started.map((a) => [a.type, a.params])).toContainEqual([
      'xstate.spawnChild',
      expect.objectContaining({ src: 'writeClipboard', input: { text: 'mc.example.net:25565' } }),
    ]);
    const [done, actions] = transition(machine, copying, doneEvent('writeClipboard') as never);
    expect(done.value).toBe('idle');
    expect(sentBy(actions)).toEqual([{ to: 'toasts', event: showToast('success', copyMessages.copied) }]);
    expect(english(copyMessages.copied)).toBe('Server IP copied to clipboard!');
  });

  it('toasts the failure notice when the clipboard refuses', () => {
    const machine = withSystemTargets(copyAddressMachine);
    const [idle] = initialTransition(machine, { server: { host: 'mc.example.net', port: null } });
    const [copying] = transition(machine, idle, { type: 'COPY' });
    const [failed, actions] = transition(machine, copying, errorEvent('writeClipboard') as never);
    expect(failed.value).toBe('idle');
    expect(sentBy(actions)).toEqual([{ to: 'toasts', event: showToast('error', copyMessages.failed) }]);
    expect(english(copyMessages.failed)).toBe('Failed to copy IP.');
  });
});
