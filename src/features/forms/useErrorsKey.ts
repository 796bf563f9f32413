import { useSelector } from '@xstate/react';
import type { AnyActorRef } from 'xstate';

/** A form machine's messages as one string ('' when there are none), to notice when they change. */
export function useErrorsKey(form: AnyActorRef | undefined): string {
  return useSelector(form, (snapshot) => {
    const context = snapshot?.context as { errors?: object; formError?: unknown } | undefined;
    if (!context || (Object.keys(context.errors ?? {}).length === 0 && !context.formError)) return '';
    return JSON.stringify([context.errors, context.formError]);
  });
}
