/**
 * `importer`, fetched once; a failure is forgotten, so the next call fetches again (Chromium
 * fetches a failed dynamic import again: docs/decisions/0027).
 */
export function retryableImport<T>(importer: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | undefined;
  return () => {
    loading ??= importer().catch((error: unknown) => {
      loading = undefined;
      // Its own chunk: it can load only when the server answers, which is when it has work to do.
      void import('./stale-chunk').then(
        ({ reloadIfStale }) => reloadIfStale(error),
        () => {},
      );
      throw error;
    });
    return loading;
  };
}
