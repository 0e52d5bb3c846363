// A lazily loaded resource of the background (the BIP-39 wordlist, the table of well-known tokens): read
// on first use, not at every worker start.

/** `load` once, its result kept; a failed load is tried again next time. */
export function loadOnce<T>(load: () => Promise<T>): () => Promise<T> {
  let kept: Promise<T> | undefined;
  return () => {
    kept ??= load().catch((e: unknown) => {
      kept = undefined;
      return Promise.reject(e);
    });
    return kept;
  };
}
