import { describe, expect, it } from 'vitest';
import {
  movedLinks,
  operatorSocialLinksMachine,
  socialLinkFormMachine,
  socialLinksMessages,
} from '../../../machines/operator/socialLinks';
import { withValues } from '../../../machines/text';
import { socialLink, socialLinkFormPlan, socialLinksPlan, titleTaken } from '../../support/contentPaths';
import { serverError } from '../../support/formPaths';
import { describeEachPaths, doneEvent, errorEvent, pathPlan } from '../../support/paths';
import { expectRefusedAt, run } from '../forms/support';

describeEachPaths(
  pathPlan(operatorSocialLinksMachine, socialLinksPlan),
  pathPlan(socialLinkFormMachine, socialLinkFormPlan),
);

const loaded = [doneEvent('fetchSocialLinks', [socialLink(1), socialLink(2), socialLink(3)])];

describe('operatorSocialLinks', () => {
  it('removes a link only after CONFIRM; a failure names it', () => {
    const asked = run(operatorSocialLinksMachine, undefined, [...loaded, { type: 'REMOVE', id: 2 }]).snapshot;
    expect(asked.value).toEqual({ ready: 'confirming' });
    const removed = run(operatorSocialLinksMachine, undefined, [
      ...loaded,
      { type: 'REMOVE', id: 2 },
      { type: 'CONFIRM' },
      doneEvent('removeSocialLink', [socialLink(1), socialLink(3)]),
    ]).snapshot;
    expect(removed.context.links.map((link) => link.id)).toEqual([1, 3]);
    const failed = run(operatorSocialLinksMachine, undefined, [
      ...loaded,
      { type: 'REMOVE', id: 2 },
      { type: 'CONFIRM' },
      errorEvent('removeSocialLink', new Error('boom')),
    ]).snapshot;
    expect(failed.context.actionError).toEqual(
      withValues(socialLinksMessages.removeFailed, { title: 'YouTube' }),
    );
    expect(failed.context.links).toHaveLength(3);
  });

  it('MOVE sends the links in their new order; the first cannot go up, the last not down', () => {
    const moving = run(operatorSocialLinksMachine, undefined, [...loaded, { type: 'MOVE', id: 3, by: -1 }]);
    expect(moving.snapshot.value).toEqual({ ready: 'moving' });
    expect(movedLinks([socialLink(1), socialLink(2), socialLink(3)], 3, -1)?.map((link) => link.id)).toEqual([
      1, 3, 2,
    ]);
    expect(movedLinks([socialLink(1), socialLink(2)], 1, -1)).toBeNull();
    expect(movedLinks([socialLink(1), socialLink(2)], 2, 1)).toBeNull();
    const refused = run(operatorSocialLinksMachine, undefined, [
      ...loaded,
      { type: 'MOVE', id: 3, by: -1 },
      errorEvent('orderSocialLinks', serverError),
    ]).snapshot;
    expect(refused.value).toEqual({ ready: 'idle' });
    expect(refused.context.actionError).not.toBeNull();
  });
});

describe('socialLinkForm', () => {
  it('checks the fields before sending; a taken title shows at the title and nothing typed is lost', () => {
    const broken = run(socialLinkFormMachine, undefined, [
      { type: 'ADD' },
      { type: 'CHANGE', field: 'title', value: 'Twitch' },
      { type: 'CHANGE', field: 'link', value: 'javascript:alert(1)' },
      { type: 'SUBMIT' },
    ]).snapshot;
    expect(broken.context.errors).toEqual({ link: socialLinksMessages.linkHttps });
    const taken = run(socialLinkFormMachine, undefined, [
      { type: 'EDIT', link: socialLink(2) },
      { type: 'CHANGE', field: 'title', value: 'Discord' },
      { type: 'SUBMIT' },
      errorEvent('saveSocialLink', titleTaken),
    ]).snapshot;
    expectRefusedAt(taken, 'title', 'Discord', 'A social link with this title exists already.');
    const saved = run(socialLinkFormMachine, undefined, [
      { type: 'EDIT', link: socialLink(2) },
      { type: 'CHANGE', field: 'title', value: 'YouTube Gaming' },
      { type: 'SUBMIT' },
      doneEvent('saveSocialLink', [socialLink(1), socialLink(2, { title: 'YouTube Gaming' })]),
    ]);
    expect(saved.snapshot.value).toBe('closed');
    expect(saved.sent).toContainEqual({
      to: 'operatorSocialLinks',
      event: { type: 'SAVED', links: [socialLink(1), socialLink(2, { title: 'YouTube Gaming' })] },
    });
  });
});
