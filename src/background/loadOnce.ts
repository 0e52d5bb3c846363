// A lazily loaded resource of the background (the BIP-39 wordlist, the table of well-known tokens): read
// on first use, not at every worker start.

/** `load` once, its result kept; a failed load is tried again next time. */
export class LoadOnce<T> {
  private kept: Promise<T> | undefined;

  constructor(private readonly load: () => Promise<T>) {}

  get(): Promise<T> {
    this.kept ??= this.load().catch((e: unknown) => {
      this.kept = undefined;
      return Promise.reject(e);
    });
    return this.kept;
  }
}
