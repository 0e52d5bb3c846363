/**
 * The simulated verifier contract (`intents.sim` by default, docs/security.md "Networks"):
 * multi-token balances, key registry, nonces, salts, and batch execution with the contract's checks and error
 * texts (docs/protocol.md). State lives in one store slice; every acknowledged change is committed.
 */

import { sha256 } from '@noble/hashes/sha2.js';
import { base58, isValidAccountId, isValidTokenId, type MultiPayload, multiPayloadSchema, utf8 } from '../../core';
import { errorText } from '../../core/errorText';
import type { SimContext } from '../context';
import { runBatch } from './engine';
import { ERR, VerifierError } from './errors';
import type { ExecutedIntent } from './events';
import { type InvariantViolated, invariantMessage } from './invariant';
import { canonicalKey, hasKey, keysOf } from './keys';
import { SaltRegistry } from './salts';
import { type LedgerState, type OutgoingRecord, own } from './state';
import { WorkingState } from './working';

export interface ExecutionResult {
  intents_executed: ExecutedIntent[];
  logs: string[];
  /** Earliest intent deadline of the batch (RFC 3339). */
  min_deadline: string;
  /**
   * Only when simulating: the batch does not balance (docs/protocol.md, "execute_intents and
   * simulate_intents").
   */
  invariant_violated?: InvariantViolated;
  state: { fee: number; current_salt: string };
  /** Hash of the simulated transaction that executed the batch; null when simulating. */
  txHash: string | null;
}

export interface ExecuteOptions {
  simulate?: boolean;
}

/**
 * The contract's min_deadline of an empty batch: `Timestamp::MAX` (near/intents crates/primitives/time,
 * the `time` crate without large dates: the last instant of year 9999).
 */
const MAX_TIMESTAMP = '9999-12-31T23:59:59.999999999Z';

export class VerifierLedger {
  readonly verifierId: string;
  readonly feeCollector: string;
  readonly wnearTokenId = 'nep141:wrap.near';
  private readonly state: LedgerState;
  private readonly salts: SaltRegistry;

  constructor(private readonly ctx: SimContext) {
    this.verifierId = ctx.config.verifierId;
    this.feeCollector = `fees.${ctx.config.verifierId}`;
    this.state = ctx.store.slice<LedgerState>('ledger', () => ({
      accounts: {},
      nonces: {},
      salts: SaltRegistry.initial(ctx.config.seed),
      outgoing: [],
      authChanges: [],
      blockHeight: 1,
    }));
    this.salts = new SaltRegistry(this.state.salts, ctx.config.seed);
  }

  get feePips(): number {
    return this.ctx.config.feePips;
  }

  get blockHeight(): number {
    return this.state.blockHeight;
  }

  /** base58 hash standing in for the block hash of `blockHeight`. */
  get blockHash(): string {
    return this.hashOf(`block/${this.state.blockHeight}`);
  }

  // ── balances ───────────────────────────────────────────────────────────────

  balanceOf(accountId: string, tokenId: string): bigint {
    const amount = own(own(this.state.accounts, accountId)?.balances ?? {}, tokenId);
    return amount === undefined ? 0n : BigInt(amount);
  }

  /** All non-zero balances of an account, token id → decimal string. */
  balancesOf(accountId: string): Record<string, string> {
    return { ...(own(this.state.accounts, accountId)?.balances ?? {}) };
  }

  /** Tokens arriving from outside (a deposit, a dev fund). A zero amount changes nothing. */
  credit(accountId: string, tokenId: string, amount: bigint): void {
    this.creditMany([[accountId, tokenId, amount]]);
  }

  /** Several credits, all or nothing, committed once (e.g. the solvers' starting liquidity). */
  creditMany(credits: readonly (readonly [accountId: string, tokenId: string, amount: bigint])[]): void {
    const work = new WorkingState(this.state);
    for (const [accountId, tokenId, amount] of credits) {
      this.assertIds(accountId, tokenId);
      if (amount < 0n) throw new VerifierError(ERR.balance);
      if (amount > 0n) work.add(accountId, tokenId, amount);
    }
    work.commit();
    this.ctx.commit();
  }

  /** Tokens leaving to the outside; `insufficient balance or overflow` when not held. */
  debit(accountId: string, tokenId: string, amount: bigint): void {
    this.assertIds(accountId, tokenId);
    if (amount < 0n) throw new VerifierError(ERR.balance);
    if (amount === 0n) return;
    const work = new WorkingState(this.state);
    work.sub(accountId, tokenId, amount);
    work.commit();
    this.ctx.commit();
  }

  private assertIds(accountId: string, tokenId: string): void {
    if (!isValidAccountId(accountId)) throw new VerifierError(`'${accountId}' is not a valid account id`);
    if (!isValidTokenId(tokenId)) throw new VerifierError(`'${tokenId}' is not a valid token id`);
  }

  // ── execution ──────────────────────────────────────────────────────────────

  /**
   * `execute_intents` (or `simulate_intents` with `simulate`): all items as one atomic batch. Throws
   * VerifierError with the verifier's text on any failure, leaving the state untouched. When
   * simulating, an unbalanced batch is reported in `invariant_violated` instead of thrown.
   */
  executeSigned(signed: unknown[], opts: ExecuteOptions = {}): ExecutionResult {
    const items = parseSigned(signed);
    const outcome = runBatch(
      this.state,
      {
        verifierId: this.verifierId,
        feePips: this.feePips,
        feeCollector: this.feeCollector,
        wnearTokenId: this.wnearTokenId,
        now: this.ctx.clock.now(),
        isValidSalt: (salt) => this.salts.isValid(salt),
      },
      items,
    );
    const result: ExecutionResult = {
      intents_executed: outcome.executed,
      logs: outcome.logs,
      min_deadline: outcome.minDeadline ?? MAX_TIMESTAMP,
      state: { fee: this.feePips, current_salt: this.salts.current },
      txHash: null,
    };
    if (opts.simulate) {
      if (outcome.violation) result.invariant_violated = outcome.violation;
      return result;
    }
    if (outcome.violation) throw new VerifierError(invariantMessage(outcome.violation));

    this.state.blockHeight += 1;
    const txHash = this.hashOf(`tx/${this.state.blockHeight}/${outcome.executed.map((e) => e.intent_hash).join(',')}`);
    const at = this.ctx.clock.now().toISOString();
    outcome.work.commit();
    for (const o of outcome.effects.outgoing) this.state.outgoing.push({ ...o, txHash, at });
    for (const a of outcome.effects.authChanges) this.state.authChanges.push({ ...a, txHash });
    this.ctx.commit();
    for (const t of outcome.effects.transfers) {
      try {
        this.ctx.events.emit('transfer', { ...t, txHash });
      } catch (e) {
        // The batch is final; a listener's failure must not make it look failed.
        console.error('simulator: transfer listener failed:', errorText(e));
      }
    }
    result.txHash = txHash;
    return result;
  }

  // ── keys, nonces, salts (views and admin) ──────────────────────────────────

  publicKeysOf(accountId: string): string[] {
    return keysOf(accountId, own(this.state.accounts, accountId));
  }

  hasPublicKey(accountId: string, publicKey: string): boolean {
    return hasKey(accountId, own(this.state.accounts, accountId), canonicalKey(publicKey));
  }

  isNonceUsed(accountId: string, nonceBase64: string): boolean {
    return own(own(this.state.nonces, accountId) ?? {}, nonceBase64) !== undefined;
  }

  isAuthByPredecessorIdEnabled(accountId: string): boolean {
    return !(own(this.state.accounts, accountId)?.authByPredecessorIdDisabled ?? false);
  }

  currentSalt(): string {
    return this.salts.current;
  }

  isValidSalt(saltHex: string): boolean {
    return this.salts.isValid(saltHex.toLowerCase());
  }

  /** Rotates the salt (the old one stays valid); returns the new current salt. */
  rotateSalt(): string {
    this.salts.rotate();
    this.ctx.commit();
    return this.salts.current;
  }

  /** `invalidate_salts`: unknown salts are skipped; returns the current salt (rotated if it was invalidated). */
  invalidateSalts(salts: readonly string[]): string {
    this.salts.invalidate(salts);
    this.ctx.commit();
    return this.salts.current;
  }

  setSalt(saltHex: string): void {
    this.salts.set(saltHex);
    this.ctx.commit();
  }

  /** Withdrawals, storage deposits and auth calls, oldest first. */
  outgoing(): readonly OutgoingRecord[] {
    return this.state.outgoing;
  }

  private hashOf(label: string): string {
    return base58.encode(sha256(utf8.encode(`${this.ctx.config.seed}/${label}`)));
  }
}

/** The contract deserializes the whole `Vec<MultiPayload>` before running anything. */
function parseSigned(signed: unknown[]): MultiPayload[] {
  if (!Array.isArray(signed)) throw new VerifierError(ERR.badArgs);
  return signed.map((item) => {
    const parsed = multiPayloadSchema.safeParse(item);
    if (!parsed.success) throw new VerifierError(ERR.badArgs);
    return parsed.data;
  });
}
