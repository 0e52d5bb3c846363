/**
 * Damaged stored values the wallet found and kept: a corrupted record is reported, never deleted
 * (docs/architecture.md, "Where state lives"). The popup sees them in wallet_status.problem.
 */
export class StorageProblems {
  private items = new Map<string, string>();

  report(key: string, message: string): void {
    this.items.set(key, message);
  }

  clear(key: string): void {
    this.items.delete(key);
  }

  messages(): string[] {
    return [...this.items.values()];
  }
}
