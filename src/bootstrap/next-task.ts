/**
 * Resolves in a later task: start-up work split at these points leaves the main thread free in
 * between (for input and paint) instead of holding it in one long task.
 */
export function nextTask(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}
