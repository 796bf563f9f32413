/**
 * Code loading that survives a server blip (docs/decisions/0026): a failed chunk is asked again
 * at the next attempt (Chromium fetches a failed dynamic import again), and a chunk the server no
 * longer has (a newer deployment replaced its file) reloads the page once.
 */

/** `importer`, fetched once; a failure is forgotten, so the next call fetches again. */
export function retryableImport<T>(importer: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | undefined;
  return () => {
    loading ??= importer().catch(async (error: unknown) => {
      loading = undefined;
      await reloadIfDeploymentChanged(error);
      throw error;
    });
    return loading;
  };
}

/** Whether `error` is a failed fetch of a script chunk (the browsers' wording differs). */
export function isChunkLoadError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  return /dynamically imported module|Importing a module script failed|error loading dynamically imported module|Unable to preload/i.test(
    error.message,
  );
}

const RELOAD_KEY = 'blockfront:chunk-reload';

/**
 * The server answers, but no longer has the chunk: the app in this tab is older than the server's.
 * A reload brings the new one (once per chunk, so a broken deployment cannot loop). While the
 * server is down the page stays: a reload would show the browser's own error page.
 */
async function reloadIfDeploymentChanged(error: unknown): Promise<void> {
  if (typeof window === 'undefined' || !isChunkLoadError(error)) return;
  const url = (error as Error).message.match(/https?:\/\/\S+/)?.[0];
  if (url === undefined) return;
  let gone = false;
  try {
    const response = await fetch(url, { method: 'HEAD', cache: 'no-store' });
    gone = response.status === 404;
  } catch {
    return;
  }
  if (!gone || sessionStorage.getItem(RELOAD_KEY) === url) return;
  sessionStorage.setItem(RELOAD_KEY, url);
  window.location.reload();
  await new Promise(() => {});
}
