/**
 * A batch's working copy of the ledger: reads fall through to the persisted state, writes stay here
 * until `commit()`. Executing a batch on it and dropping it on any error is what makes
 * `execute_intents` atomic (docs/protocol.md, "execute_intents and simulate_intents": any error aborts the
 * whole call), and running it without committing is `simulate_intents`.
 */
import { isEthImplicitAccountId, isImplicitAccountId } from '../../core';
import { addTo, balancesFromRecord, balancesToRecord, takeFrom } from './balances';
import { ERR, VerifierError } from './errors';
import { addKey, hasKey, keysOf, removeKey } from './keys';
import { type AccountRecord, type LedgerState, own } from './state';

interface AccountDraft {
  balances: Map<string, bigint>;
  publicKeys: string[];
  implicitKeyRemoved: boolean;
  authByPredecessorIdDisabled: boolean;
}

export class WorkingState {
  private readonly drafts = new Map<string, AccountDraft>();
  private readonly usedNonces = new Map<string, Set<string>>();

  constructor(private readonly base: LedgerState) {}

  private record(accountId: string): AccountRecord | undefined {
    return own(this.base.accounts, accountId);
  }

  /** The account as this batch sees it (get-or-create, like the contract's `accounts.get_or_create`). */
  private draft(accountId: string): AccountDraft {
    let d = this.drafts.get(accountId);
    if (!d) {
      const r = this.record(accountId);
      d = {
        balances: balancesFromRecord(r?.balances),
        publicKeys: r ? [...r.publicKeys] : [],
        // The contract's `has_implicit_public_key`: NEAR-implicit and eth-implicit (`0x`) accounts.
        implicitKeyRemoved: r
          ? r.implicitKeyRemoved
          : !(isImplicitAccountId(accountId) || isEthImplicitAccountId(accountId)),
        authByPredecessorIdDisabled: r?.authByPredecessorIdDisabled ?? false,
      };
      this.drafts.set(accountId, d);
    }
    return d;
  }

  private view(accountId: string): AccountDraft | AccountRecord | undefined {
    return this.drafts.get(accountId) ?? this.record(accountId);
  }

  balanceOf(accountId: string, tokenId: string): bigint {
    const d = this.drafts.get(accountId);
    if (d) return d.balances.get(tokenId) ?? 0n;
    const amount = own(this.record(accountId)?.balances ?? {}, tokenId);
    return amount === undefined ? 0n : BigInt(amount);
  }

  add(accountId: string, tokenId: string, amount: bigint): void {
    addTo(this.draft(accountId).balances, tokenId, amount);
  }

  sub(accountId: string, tokenId: string, amount: bigint): void {
    // The contract checks the amount before the account (balances.ts).
    if (amount === 0n) throw new VerifierError(ERR.invalidIntent);
    // Taking from an account the ledger has never seen is an insufficient balance, not a new account.
    if (this.view(accountId) === undefined) throw new VerifierError(ERR.balance);
    takeFrom(this.draft(accountId).balances, tokenId, amount);
  }

  hasPublicKey(accountId: string, publicKey: string): boolean {
    return hasKey(accountId, this.view(accountId), publicKey);
  }

  publicKeysOf(accountId: string): string[] {
    return keysOf(accountId, this.view(accountId));
  }

  addPublicKey(accountId: string, publicKey: string): boolean {
    return addKey(accountId, this.draft(accountId), publicKey);
  }

  removePublicKey(accountId: string, publicKey: string): boolean {
    return removeKey(accountId, this.draft(accountId), publicKey);
  }

  isNonceUsed(accountId: string, nonce: string): boolean {
    return (
      this.usedNonces.get(accountId)?.has(nonce) === true ||
      own(own(this.base.nonces, accountId) ?? {}, nonce) !== undefined
    );
  }

  /** Records the nonce for the signer; `nonce was already used` when it was. */
  commitNonce(accountId: string, nonce: string): void {
    if (this.isNonceUsed(accountId, nonce)) throw new VerifierError(ERR.nonceUsed);
    this.draft(accountId);
    let set = this.usedNonces.get(accountId);
    if (!set) {
      set = new Set();
      this.usedNonces.set(accountId, set);
    }
    set.add(nonce);
  }

  isAuthByPredecessorIdEnabled(accountId: string): boolean {
    return !(this.view(accountId)?.authByPredecessorIdDisabled ?? false);
  }

  /** Returns whether the flag was toggled (the contract emits its event only then). */
  setAuthByPredecessorId(accountId: string, enabled: boolean): boolean {
    const d = this.draft(accountId);
    const toggled = d.authByPredecessorIdDisabled === enabled;
    d.authByPredecessorIdDisabled = !enabled;
    return toggled;
  }

  /** Writes every change into the persisted state. */
  commit(): void {
    for (const [accountId, d] of this.drafts) {
      this.base.accounts[accountId] = {
        balances: balancesToRecord(d.balances),
        publicKeys: d.publicKeys,
        implicitKeyRemoved: d.implicitKeyRemoved,
        authByPredecessorIdDisabled: d.authByPredecessorIdDisabled,
      };
    }
    for (const [accountId, set] of this.usedNonces) {
      let used = own(this.base.nonces, accountId);
      if (!used) {
        used = {};
        this.base.nonces[accountId] = used;
      }
      for (const nonce of set) used[nonce] = 1;
    }
  }
}
