const INTERACTIONS = ['pointerdown', 'keydown', 'touchstart', 'wheel'] as const;

/**
 * Runs `task` once, at the visitor's first pointer press, key press, touch or wheel turn: for
 * chunks only an interaction can need (a menu, toasts), fetched after the first load is complete
 * rather than while it is being measured. Returns a function that cancels the wait.
 */
export function onFirstInteraction(task: () => void): () => void {
  const stop = () => {
    for (const type of INTERACTIONS) window.removeEventListener(type, run, true);
  };
  function run() {
    stop();
    task();
  }
  for (const type of INTERACTIONS) window.addEventListener(type, run, { capture: true, passive: true });
  return stop;
}
