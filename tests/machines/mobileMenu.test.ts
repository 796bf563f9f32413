import { describe, expect, it } from 'vitest';
import { initialTransition, transition } from 'xstate';
import { DESKTOP_MIN_WIDTH, mobileMenuMachine } from '../../machines/mobileMenu';
import { describePaths, pathPlan } from '../support/paths';
import { mobileMenuPlan } from '../support/shellPaths';

describePaths('mobileMenu paths', pathPlan(mobileMenuMachine, mobileMenuPlan));

describe('mobileMenu rules', () => {
  const [closed] = initialTransition(mobileMenuMachine);
  const [open] = transition(mobileMenuMachine, closed, { type: 'OPEN' });

  it('starts closed and toggles', () => {
    expect(closed.value).toBe('closed');
    expect(transition(mobileMenuMachine, closed, { type: 'TOGGLE' })[0].value).toBe('open');
    expect(transition(mobileMenuMachine, open, { type: 'TOGGLE' })[0].value).toBe('closed');
  });

  it.each([
    [767, 'open'],
    [768, 'closed'],
    [1280, 'closed'],
  ])('a %i px wide viewport leaves it %s', (width, state) => {
    expect(DESKTOP_MIN_WIDTH).toBe(768);
    expect(transition(mobileMenuMachine, open, { type: 'VIEWPORT_RESIZED', width })[0].value).toBe(state);
  });

  it.each(['KEY_ESCAPE', 'LINK_CLICKED', 'CLOSE'] as const)('%s closes it', (type) => {
    expect(transition(mobileMenuMachine, open, { type })[0].value).toBe('closed');
  });
});
