/**
 * A restored recovery phrase brings back every account it made, not only its first (docs/security.md,
 * "Recovery"): the accounts of a phrase are m/44'/397'/N' in order (src/vault/keySources.ts deriveNext),
 * so after a restore the wallet asks the verifier about the next one, N = 1, 2 …, and adds it while the
 * verifier knows it: it holds a token (NEP-245 `mt_tokens_for_owner`) or a key was added to it. It stops at
 * the first account the verifier does not know, as wallets that scan a phrase do (BIP-44's account
 * discovery, https://github.com/bitcoin/bips/blob/master/bip-0044.mediawiki#account-discovery, with a gap of
 * one), after MAX_FOUND accounts, or when the verifier cannot be asked (then `checked` is false and the
 * person adds them under Accounts, where they come back the same).
 */
import type { LedgerRpcClient } from '../../bus';
import type { WalletService } from './service';

/** Accounts one restore adds at most: a phrase with more adds the rest by hand. */
export const MAX_FOUND = 20;
/** How long a restore waits for the verifier in all (the person waits on the Restore button). */
export const FIND_TIMEOUT_MS = 15_000;

export interface FoundAccounts {
  /** Accounts added after the phrase's first. */
  accounts: number;
  /** False when the verifier could not be asked to the end (unreachable, too slow): more may exist. */
  checked: boolean;
}

export interface PhraseAccountsDeps {
  wallet: Pick<WalletService, 'vault' | 'addAccount'>;
  ledger: () => Promise<Pick<LedgerRpcClient, 'mtTokensForOwner' | 'publicKeysOf'>>;
  timeoutMs?: number;
}

export class PhraseAccounts {
  constructor(private readonly d: PhraseAccountsDeps) {}

  /** Adds the phrase's further accounts the verifier knows, in order; never throws. */
  async find(): Promise<FoundAccounts> {
    const signal = AbortSignal.timeout(this.d.timeoutMs ?? FIND_TIMEOUT_MS);
    let accounts = 0;
    try {
      const ledger = await this.d.ledger();
      while (accounts < MAX_FOUND) {
        const next = await this.d.wallet.vault.previewDerived();
        if (!(await known(ledger, next, signal))) return { accounts, checked: true };
        const added = await this.d.wallet.addAccount({ kind: 'derive' });
        // Another account was added meanwhile (the person, in another window): stop, nothing is lost.
        if (added.status.accounts.every((a) => a.accountId !== next.accountId)) return { accounts, checked: false };
        accounts += 1;
      }
      return { accounts, checked: false };
    } catch {
      return { accounts, checked: false };
    }
  }
}

async function known(
  ledger: Pick<LedgerRpcClient, 'mtTokensForOwner' | 'publicKeysOf'>,
  next: { accountId: string; publicKey: string },
  signal: AbortSignal,
): Promise<boolean> {
  const [tokens, keys] = await Promise.all([
    ledger.mtTokensForOwner(next.accountId, 1, signal),
    ledger.publicKeysOf(next.accountId, signal),
  ]);
  return tokens.length > 0 || keys.some((k) => k !== next.publicKey);
}
