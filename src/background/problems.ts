/**
 * Damaged stored values the wallet found and kept: a corrupted record is reported, never deleted
 * (docs/architecture.md, "Where state lives"). The popup sees them in wallet_status.storeProblems,
 * each with the store it belongs to, so that it warns about what is in fact damaged: a damaged swap
 * record or settings file never reads as a lost wallet (the vault's own problem is wallet_status.problem).
 */
import type { DamagedStore, StoreProblem } from '../api/walletApi';
import type { Phrase } from '../core/phrase';

export class StorageProblems {
  private items = new Map<string, StoreProblem>();

  /** `changed`: told after every report and every problem cleared (the status mirror: ./wallet/statusMirror.ts). */
  constructor(private readonly changed: () => void = () => undefined) {}

  /**
   * `key` names the damaged value (one report per key; a later one replaces it); `message` is for the
   * logs, `words` what the popup shows.
   */
  report(store: DamagedStore, key: string, message: string, words?: Phrase): void {
    this.items.set(key, words ? { store, message, words } : { store, message });
    this.changed();
  }

  clear(key: string): void {
    if (this.items.delete(key)) this.changed();
  }

  list(): StoreProblem[] {
    return [...this.items.values()];
  }
}
