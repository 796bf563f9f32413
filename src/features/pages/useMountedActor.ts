import { useEffect, useRef, useState } from 'react';
import { type Actor, type AnyActorLogic, createActor, type InputFrom } from 'xstate';

/**
 * An actor that lives exactly as long as the component: created and started in an effect, stopped
 * on unmount (which aborts its requests). Unlike `useActorRef`, StrictMode's remount starts a fresh
 * actor instead of rehydrating the stopped one, whose aborted request would come back to it as an
 * error. Undefined until the effect has run. `input` must keep its identity between renders.
 * `connect` subscribes to the actor before it starts (so no emitted event is missed) and returns
 * the unsubscribe.
 */
export function useMountedActor<TLogic extends AnyActorLogic>(
  logic: TLogic,
  input: InputFrom<TLogic>,
  connect?: (actor: Actor<TLogic>) => () => void,
): Actor<TLogic> | undefined {
  const [actor, setActor] = useState<Actor<TLogic>>();
  const connectRef = useRef(connect);
  connectRef.current = connect;
  useEffect(() => {
    const created = createActor(logic, { input } as Parameters<typeof createActor<TLogic>>[1]);
    const disconnect = connectRef.current?.(created);
    created.start();
    setActor(created);
    return () => {
      disconnect?.();
      created.stop();
    };
  }, [logic, input]);
  return actor;
}
