import type { Config } from '../forms/formMachine';

/**
 * The formMachine parts of an editor that opens in place in a list (a game server's name, one
 * message of a language): closed until EDIT opens it at a row (`open`, the action that takes the
 * row from the event; another EDIT takes another row), CANCEL closes it, and typing goes on while
 * it sends. The machine's `onDone` closes it after a save.
 */
export function inlineEdit(open: Config) {
  const edit = { target: 'editing', actions: open };
  return {
    initial: 'closed',
    changeWhileEditing: true,
    states: ({ editing, request }: { editing: Config; request: Config }) => ({
      closed: { on: { EDIT: edit } },
      editing,
      sending: request,
    }),
    editing: { on: { EDIT: edit, CANCEL: 'closed' } },
  } as const;
}
