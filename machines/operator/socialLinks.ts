import { assign, fromPromise, sendTo, setup } from 'xstate';
import { isSilentFailure } from '../../domain/api-failure';
import type { components } from '../../domain/contract';
import { isHttpsLink } from '../../domain/social-links';
import { type DoneEvent, type FormEvent, formMachine } from '../forms/formMachine';
import { filled, type Rule } from '../forms/rules';
import { defineMessages, failureText, type Text, withValues } from '../text';
import { toast } from '../toasts';
import { loadStates } from './loadedList';

export type OperatorSocialLink = components['schemas']['OperatorSocialLink'];

export const socialLinksMessages = defineMessages({
  failed: { id: 'operator.social.failed', defaultMessage: 'The social links could not be loaded.' },
  removeFailed: { id: 'operator.social.removeFailed', defaultMessage: '{title} could not be removed.' },
  moveFailed: { id: 'operator.social.moveFailed', defaultMessage: 'The links could not be reordered.' },
  removed: { id: 'operator.social.removed', defaultMessage: 'The link was removed.' },
  saved: { id: 'operator.social.saved', defaultMessage: 'The link was saved.' },
  saveFailed: { id: 'operator.social.saveFailed', defaultMessage: 'The link could not be saved.' },
  titleRequired: { id: 'operator.social.titleRequired', defaultMessage: 'Enter a title' },
  titleLength: { id: 'operator.social.titleLength', defaultMessage: 'The title is at most 60 characters' },
  linkHttps: {
    id: 'operator.social.linkHttps',
    defaultMessage: 'Enter an address starting with https://',
  },
  imgPath: {
    id: 'operator.social.imgPath',
    defaultMessage: 'Enter a path on this site, like /images/social/discord.svg',
  },
});

export interface SocialLinksContext {
  links: OperatorSocialLink[];
  error: Text | null;
  /** The link whose removal waits for CONFIRM. */
  removing: OperatorSocialLink | null;
  /** Why the last removal or reordering failed. */
  actionError: Text | null;
}

export type SocialLinksEvent =
  | { type: 'RETRY' }
  | { type: 'REMOVE'; id: number }
  | { type: 'CONFIRM' }
  | { type: 'CANCEL' }
  /** One place up (-1) or down (1). */
  | { type: 'MOVE'; id: number; by: -1 | 1 }
  /** From the link form: every link as it is now. */
  | { type: 'SAVED'; links: OperatorSocialLink[] };

/** The links in their new order after MOVE, or null when the link cannot move that way. */
export function movedLinks(links: readonly OperatorSocialLink[], id: number, by: -1 | 1) {
  const from = links.findIndex((link) => link.id === id);
  const to = from + by;
  if (from < 0 || to < 0 || to >= links.length) return null;
  const order = [...links];
  const [link] = order.splice(from, 1);
  order.splice(to, 0, link as OperatorSocialLink);
  return order;
}

export const operatorSocialLinksMachine = setup({
  types: {
    context: {} as SocialLinksContext,
    events: {} as SocialLinksEvent,
  },
  actors: {
    /** GET /operator/social-links. */
    fetchSocialLinks: fromPromise<OperatorSocialLink[]>(async () => {
      throw new Error('fetchSocialLinks is not provided');
    }),
    /** DELETE /operator/social-links/{id}: every link as it is now. */
    removeSocialLink: fromPromise<OperatorSocialLink[], { id: number }>(async () => {
      throw new Error('removeSocialLink is not provided');
    }),
    /** PATCH the position of each link whose place changed: every link as it is now. */
    orderSocialLinks: fromPromise<OperatorSocialLink[], { links: OperatorSocialLink[] }>(async () => {
      throw new Error('orderSocialLinks is not provided');
    }),
  },
  guards: {
    silent: ({ event }) => 'error' in event && isSilentFailure(event.error),
    known: ({ context, event }) =>
      event.type === 'REMOVE' && context.links.some((link) => link.id === event.id),
    movable: ({ context, event }) =>
      event.type === 'MOVE' && movedLinks(context.links, event.id, event.by) !== null,
  },
  actions: {
    notify: toast(),
  },
}).createMachine({
  id: 'operatorSocialLinks',
  description: [
    "The home page's social links in the console (/operator/social-links): loads them in the home page's order",
    "(loading), then lists them (ready) or says why not ('The social links could not be loaded.'; RETRY loads",
    'again, a cancelled request shows nothing). REMOVE asks first (confirming): CONFIRM sends DELETE',
    "/operator/social-links/{id} (removing) and says 'The link was removed.'; CANCEL keeps it. MOVE takes a link",
    'one place up or down and saves the positions that changed (moving). A failed removal or move says so',
    "('{title} could not be removed.', 'The links could not be reordered.') or gives the server's message.",
    'SAVED (the link form saved) shows the links as they are now.',
  ].join(' '),
  context: { links: [], error: null, removing: null, actionError: null },
  initial: 'loading',
  states: {
    ...loadStates<SocialLinksContext, SocialLinksEvent>()({
      load: 'fetchSocialLinks',
      rows: 'links',
      failed: socialLinksMessages.failed,
      loaded: 'ready',
    }),
    ready: {
      on: { SAVED: { actions: assign({ links: ({ event }) => event.links }) } },
      initial: 'idle',
      states: {
        idle: {
          on: {
            REMOVE: {
              guard: 'known',
              target: 'confirming',
              actions: assign({
                removing: ({ context, event }) => context.links.find((link) => link.id === event.id) ?? null,
                actionError: null,
              }),
            },
            MOVE: { guard: 'movable', target: 'moving', actions: assign({ actionError: null }) },
          },
        },
        confirming: {
          on: {
            CONFIRM: 'removing',
            CANCEL: { target: 'idle', actions: assign({ removing: null }) },
          },
        },
        removing: {
          invoke: {
            id: 'removeSocialLink',
            src: 'removeSocialLink',
            input: ({ context }) => ({ id: context.removing?.id ?? 0 }),
            onDone: {
              target: 'idle',
              actions: [
                assign({ links: ({ event }) => event.output, removing: null }),
                { type: 'notify', params: { kind: 'success', text: socialLinksMessages.removed } },
              ],
            },
            onError: [
              { guard: 'silent', target: 'idle', actions: assign({ removing: null }) },
              {
                target: 'idle',
                actions: assign({
                  actionError: ({ context, event }) =>
                    failureText(
                      event.error,
                      withValues(socialLinksMessages.removeFailed, { title: context.removing?.title ?? '' }),
                    ),
                  removing: null,
                }),
              },
            ],
          },
        },
        moving: {
          invoke: {
            id: 'orderSocialLinks',
            src: 'orderSocialLinks',
            input: ({ context, event }) => ({
              links:
                event.type === 'MOVE'
                  ? (movedLinks(context.links, event.id, event.by) ?? context.links)
                  : context.links,
            }),
            onDone: { target: 'idle', actions: assign({ links: ({ event }) => event.output }) },
            onError: [
              { guard: 'silent', target: 'idle' },
              {
                target: 'idle',
                actions: assign({
                  actionError: ({ event }) => failureText(event.error, socialLinksMessages.moveFailed),
                }),
              },
            ],
          },
        },
      },
    },
  },
});

export interface LinkValues {
  title: string;
  link: string;
  img: string;
}

/** The API's rules (openapi.yaml SocialLinkCreateRequest), said before the call. */
export const linkRules: readonly Rule<LinkValues, keyof LinkValues>[] = [
  { field: 'title', message: socialLinksMessages.titleRequired, valid: (v) => filled(v.title) },
  { field: 'title', message: socialLinksMessages.titleLength, valid: (v) => v.title.trim().length <= 60 },
  {
    field: 'link',
    message: socialLinksMessages.linkHttps,
    valid: (v) => isHttpsLink(v.link.trim()),
  },
  {
    field: 'img',
    message: socialLinksMessages.imgPath,
    valid: (v) => /^\/[A-Za-z0-9/_.-]*$/.test(v.img.trim()),
  },
];

export interface LinkRequest extends LinkValues {
  /** null: a new link. */
  id: number | null;
}

export type LinkFormEvent =
  | FormEvent<keyof LinkValues>
  | { type: 'ADD' }
  | { type: 'EDIT'; link: OperatorSocialLink }
  | { type: 'CANCEL' };

const EMPTY: LinkValues = { title: '', link: 'https://', img: '/images/social/' };

export const socialLinkFormMachine = formMachine({
  types: { events: {} as LinkFormEvent },
  id: 'socialLinkForm',
  description: [
    'Adding or changing a social link in the console (/operator/social-links): ADD opens an empty form, EDIT one',
    "with the link's title, address and icon (editing; CANCEL closes it). CHANGE edits a field; SUBMIT checks",
    "'Enter a title' and its 60 characters, an https address and an icon path on this site, then sends POST",
    "/operator/social-links or PATCH /operator/social-links/{id}. Success closes the form, says 'The link was",
    "saved.' and has the list show every link as it is now (SAVED to operatorSocialLinks). A refusal shows at",
    "its field (422: a title taken, an address that is not https) or as the form's message, or 'The link could",
    "not be saved.'; nothing typed is lost; a cancelled call shows nothing.",
  ].join(' '),
  context: () => ({ values: EMPTY, id: null as number | null }),
  initial: 'closed',
  changeWhileEditing: true,
  rules: linkRules,
  fieldsFromServer: { title: 'title', link: 'link', img: 'img' },
  failureMessage: socialLinksMessages.saveFailed,
  request: {
    id: 'saveSocialLink',
    input: (context): LinkRequest => ({
      id: context.id,
      title: context.values.title.trim(),
      link: context.values.link.trim(),
      img: context.values.img.trim(),
    }),
  },
  states: ({ editing, request }) => ({
    closed: {
      on: { ADD: { target: 'editing', actions: 'openNew' }, EDIT: { target: 'editing', actions: 'open' } },
    },
    editing,
    sending: request,
  }),
  editing: {
    on: {
      ADD: { target: 'editing', actions: 'openNew' },
      EDIT: { target: 'editing', actions: 'open' },
      CANCEL: 'closed',
    },
  },
  onDone: {
    target: 'closed',
    actions: [
      { type: 'announce', params: { kind: 'success', text: socialLinksMessages.saved } },
      'showLinks',
    ],
  },
  actions: {
    openNew: assign({ id: null, values: EMPTY, errors: {}, formError: null }),
    open: assign(({ event }) => {
      const { link } = event as unknown as { link: OperatorSocialLink };
      return {
        id: link.id,
        values: { title: link.title, link: link.link, img: link.img },
        errors: {},
        formError: null,
      };
    }),
    announce: toast(),
    showLinks: sendTo(
      ({ system }) => system.get('operatorSocialLinks'),
      ({ event }) => ({ type: 'SAVED' as const, links: (event as DoneEvent<OperatorSocialLink[]>).output }),
    ),
  },
});
