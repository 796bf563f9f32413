import type { MessageText } from './text';

/**
 * A state that writes `text` of the machine's context to the clipboard (the `writeClipboard`
 * actor, which bootstrap provides), then goes back to `idle` with the `notify` toast saying it was
 * copied or that it failed.
 */
export function copying<C>(
  text: (context: C) => string,
  messages: { copied: MessageText; failed: MessageText },
) {
  return {
    invoke: {
      id: 'writeClipboard',
      src: 'writeClipboard',
      input: ({ context }: { context: C }) => ({ text: text(context) }),
      onDone: {
        target: 'idle',
        actions: { type: 'notify', params: { kind: 'success', text: messages.copied } },
      },
      onError: {
        target: 'idle',
        actions: { type: 'notify', params: { kind: 'error', text: messages.failed } },
      },
    },
  } as const;
}
