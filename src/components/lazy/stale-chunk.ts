const RELOAD_KEY = 'blockfront:stale-chunk';

/**
 * A chunk failed to load although the server answers: it no longer has that file, so the app in
 * this tab is older than the server's, and a reload brings the new one (once per chunk, so a
 * broken deployment cannot loop). While the server is away nothing happens here: a reload would
 * show the browser's own error page instead of the shell and its Retry (docs/decisions/0027).
 */
export async function reloadIfStale(error: unknown): Promise<void> {
  const url = error instanceof Error ? /https?:\/\/\S+\.js/.exec(error.message)?.[0] : undefined;
  if (url === undefined) return;
  const response = await fetch(url, { method: 'HEAD', cache: 'no-store' }).catch(() => null);
  if (response?.status !== 404 || sessionStorage.getItem(RELOAD_KEY) === url) return;
  sessionStorage.setItem(RELOAD_KEY, url);
  window.location.reload();
}
