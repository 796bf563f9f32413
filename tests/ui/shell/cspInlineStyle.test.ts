import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const read = (path: string) => readFileSync(resolve(path), 'utf8');

// The server's CSP has style-src 'self': react-aria's usePress would add its touch-action rule as an
// inline <style> (blocked, and logged as a violation) unless an element with its id exists. index.html
// holds that marker and global.css the rule. usePress skips the injection under test, so this checks
// the pieces: a react-aria update that renames the id or changes the rule fails here.
describe('react-aria press style without inline styles (CSP style-src self)', () => {
  const usePress = read('node_modules/react-aria/dist/private/interactions/usePress.mjs');

  it('index.html holds the element whose id stops the injection', () => {
    const id = /STYLE_ID = '([^']+)'/.exec(usePress)?.[1];
    expect(id).toBe('react-aria-pressable-style');
    expect(read('index.html')).toContain(`<template id="${id}"></template>`);
  });

  it('global.css carries the rule usePress would inject', () => {
    expect(usePress).toMatch(/touch-action: pan-x pan-y pinch-zoom;/);
    expect(usePress).toContain("PRESSABLE_ATTRIBUTE = 'data-react-aria-pressable'");
    expect(read('src/styles/global.css')).toMatch(
      /\[data-react-aria-pressable\] \{\s*touch-action: pan-x pan-y pinch-zoom;\s*\}/,
    );
  });
});
