import { type AnyEventObject, assign } from 'xstate';
import { failureKind } from '../../domain/api-failure';
import type { Config } from '../forms/formMachine';
import { failureText, type MessageText } from '../text';

/** A record's title in `language`, else in its first language, else its slug. */
export function recordTitle(
  record: { slug: string; texts: Record<string, { title: string }> },
  language: string,
): string {
  return record.texts[language]?.title ?? Object.values(record.texts)[0]?.title ?? record.slug;
}

/** A language the store has, as an editor offers it the record's texts. */
export interface EditorLanguage {
  code: string;
  title: string;
  default: boolean;
}

/** What an editor of a versioned record keeps beside its form. */
export interface VersionedContext {
  loadError: unknown;
  conflict: boolean;
}

/**
 * The formMachine parts every console editor of a versioned record shares (product, page,
 * currency; docs/decisions/0044-operator-console.md): it loads the record (none for a new one), a
 * 404 is `notFound` and another failure shows its message with RETRY; a save names the version
 * the record was read at, and a 409 keeps what was typed, says so and offers RELOAD to load the
 * other operator's version. A successful save goes to `saved` (final) for a new record, which
 * then has its own page, else back to editing. The states that show the form are tagged `record`.
 */
export function versionedRecord<C extends VersionedContext>(spec: {
  /** The load actor's id (bootstrap provides it) and what it is sent. */
  load: { src: string; input: (context: C) => unknown };
  /** The record as loaded or saved: null while it is a new one. */
  record: (context: C) => unknown;
  /** `#machineId.…editing`: where a 409 brings the form back. */
  editingTarget: string;
  messages: { loadFailed: MessageText; conflict: MessageText };
  /** More of the context to clear each time the record loads (e.g. an image's error). */
  clearOnLoad?: Partial<C>;
}) {
  return {
    onError: [{ guard: 'conflict', target: spec.editingTarget, actions: 'showConflict' }],
    states: ({ editing, request }: { editing: Config; request: Config }): Record<string, Config> => ({
      loading: {
        entry: assign({ loadError: null, conflict: false, errors: {}, formError: null, ...spec.clearOnLoad }),
        invoke: {
          id: spec.load.src,
          src: spec.load.src,
          input: ({ context }: { context: C }) => spec.load.input(context),
          onDone: { target: 'editing', actions: 'showLoaded' },
          onError: [
            { guard: 'notFound', target: 'notFound' },
            { guard: 'silent', target: 'loadFailed' },
            {
              target: 'loadFailed',
              actions: assign({
                loadError: ({ event }: { event: { error: unknown } }) =>
                  failureText(event.error, spec.messages.loadFailed),
              }),
            },
          ],
        },
      },
      notFound: {},
      loadFailed: { on: { RETRY: 'loading' } },
      editing: {
        ...editing,
        tags: ['record'],
        on: { ...(editing.on as object), RELOAD: { guard: 'hasConflict', target: 'loading' } },
      },
      sending: { ...request, tags: ['record'] },
      saved: { type: 'final', tags: ['record'] },
    }),
    guards: {
      wasNew: ({ context }: { context: C }) => spec.record(context) === null,
      conflict: ({ event }: { event: AnyEventObject }) => failureKind(event.error) === 'conflict',
      hasConflict: ({ context }: { context: C }) => context.conflict,
      notFound: ({ event }: { event: AnyEventObject }) => failureKind(event.error) === 'not-found',
    },
    actions: {
      showConflict: assign({ conflict: true, errors: {}, formError: spec.messages.conflict }),
    },
  };
}
