import { describe, expect, it } from 'vitest';
import {
  COMMAND_MAX_LENGTH,
  fillTemplate,
  type PlaceholderValues,
  templateProblem,
  UnsafeCommandValueError,
} from '../../domain/delivery-command';
import { isPlayerName, playerNameKind } from '../../domain/player-name';

const values: PlaceholderValues = {
  player: 'Steve',
  uuid: '5627dd98-e6be-3c21-b8a8-e92344183641',
  quantity: '3',
  order: '42',
  product: 'key-common',
};

describe('player names', () => {
  it('takes Java names of 3 to 16 letters, digits and underscores', () => {
    for (const name of ['Steve', 'Alex_2', 'abc', 'A234567890123456'])
      expect(playerNameKind(name)).toBe('java');
    for (const name of ['ab', 'A2345678901234567', 'Ste ve', 'Stéve', '', 'Steve!']) {
      expect(isPlayerName(name)).toBe(false);
    }
  });

  it('takes Bedrock names only with the configured prefix', () => {
    expect(playerNameKind('.Steve')).toBe('bedrock');
    expect(playerNameKind('*Steve', { bedrockPrefix: '*', offlineNames: false })).toBe('bedrock');
    expect(isPlayerName('.Steve', { bedrockPrefix: null, offlineNames: false })).toBe(false);
    expect(isPlayerName('.Steve', { bedrockPrefix: '*', offlineNames: false })).toBe(false);
    expect(isPlayerName('.A234567890123456')).toBe(false);
  });

  it('takes offline-mode names only when the store allows them', () => {
    const offline = { bedrockPrefix: null, offlineNames: true };
    expect(isPlayerName('x')).toBe(false);
    expect(playerNameKind('x', offline)).toBe('offline');
    expect(playerNameKind('mr.x-1', offline)).toBe('offline');
  });

  it('refuses every name that could end a command or start another', () => {
    const lenient = { bedrockPrefix: '.', offlineNames: true };
    for (const name of [
      'Steve\nop Steve',
      'Steve\rop Steve',
      '; op',
      'Steve;op',
      'Steve op',
      'a"b',
      'a{b}',
      'Ste\u0000ve',
    ]) {
      expect(isPlayerName(name, lenient), JSON.stringify(name)).toBe(false);
    }
  });
});

describe('command templates', () => {
  it('saves templates with known placeholders and leaves other braces to the game', () => {
    expect(templateProblem('lp user {player} parent add vip', 'rank-vip')).toBeNull();
    expect(
      templateProblem('give {player} diamond_sword{Enchantments:[{id:sharpness,lvl:5}]} 1', 'x'),
    ).toBeNull();
  });

  it('refuses an unknown placeholder', () => {
    expect(templateProblem('give {player} {item}', 'x')).toEqual({
      kind: 'unknownPlaceholder',
      name: 'item',
    });
    expect(templateProblem('give {username} 1', 'x')).toEqual({
      kind: 'unknownPlaceholder',
      name: 'username',
    });
  });

  it('refuses a template of more than one command line, and an empty one', () => {
    expect(templateProblem('say hi\nop {player}', 'x')).toEqual({ kind: 'notOneCommand' });
    expect(templateProblem('say hi\r', 'x')).toEqual({ kind: 'notOneCommand' });
    expect(templateProblem('   ', 'x')).toEqual({ kind: 'empty' });
  });

  it('refuses a command longer than the game takes, counting every placeholder at its longest', () => {
    const fits = `say ${'a'.repeat(COMMAND_MAX_LENGTH - 4 - 18)}{player}`;
    expect(templateProblem(fits, 'x')).toBeNull();
    expect(templateProblem(`${fits}b`, 'x')).toEqual({ kind: 'tooLong', limit: 256, longest: 257 });
    // The product's slug counts at its own length.
    const withSlug = `say ${'a'.repeat(COMMAND_MAX_LENGTH - 4 - 10)}{product}`;
    expect(templateProblem(withSlug, 'ten-chars!'.slice(0, 10))).toBeNull();
    expect(templateProblem(withSlug, 'eleven-char')).toMatchObject({ kind: 'tooLong' });
  });

  it('fills the placeholders', () => {
    expect(fillTemplate('crate key give {player} common {quantity} #{order} {product} {uuid}', values)).toBe(
      'crate key give Steve common 3 #42 key-common 5627dd98-e6be-3c21-b8a8-e92344183641',
    );
  });

  it('never fills a value that could add a second command', () => {
    for (const player of ['Steve\nop Steve', '; op', 'Steve op', 'Steve;op Alex', '']) {
      expect(() => fillTemplate('lp user {player} parent add vip', { ...values, player })).toThrow(
        UnsafeCommandValueError,
      );
    }
    expect(() => fillTemplate('say {order}', { ...values, order: '1\nop x' })).toThrow(
      UnsafeCommandValueError,
    );
    expect(() => fillTemplate('say {product}', { ...values, product: 'x; op' })).toThrow(
      UnsafeCommandValueError,
    );
  });
});
