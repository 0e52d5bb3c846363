/**
 * Simulated solvers on the bus (docs/services.md, "The message bus", `quote`): each has its own
 * key derived from the simulator seed, its implicit account on the ledger (so its key is registered
 * by default), starting liquidity in every token of the list, and a spread. An offer is backed by a
 * token_diff the solver signs with nep413 and a versioned nonce (docs/protocol.md, "Nonces"): the closure of
 * the user's diff under the fee (docs/protocol.md, "Fees and the token_diff invariant"), so user + solver
 * balance exactly.
 */
import {
  buildIntentPayload,
  encodeVersionedNonce,
  hex,
  implicitAccountId,
  type KeyPair,
  type SignedIntent,
  signIntentPayload,
} from '../../core';
import type { SimContext } from '../context';
import { closureOf } from '../ledger/closure';
import type { VerifierLedger } from '../ledger/ledger';
import { SIM_TOKENS } from '../tokenList';
import { unitsWorth } from './pricing';

export interface SimSolver {
  accountId: string;
  key: KeyPair;
  /** Margin on the mid price, basis points. */
  spreadBps: number;
}

const SPREADS_BPS = [30, 45, 70];
/** Starting liquidity per token, in USD. */
const LIQUIDITY_USD = 10_000_000;

export function createSolvers(ctx: SimContext): SimSolver[] {
  return SPREADS_BPS.map((spreadBps, i) => {
    const key = ctx.deriveKey(`bus-solver/${i + 1}`);
    return { accountId: implicitAccountId(key.publicKey), key, spreadBps };
  });
}

/** Credits each solver with liquidity in every listed token. */
export function fundSolvers(ledger: VerifierLedger, solvers: readonly SimSolver[]): void {
  ledger.creditMany(
    solvers.flatMap((s) => SIM_TOKENS.map((t) => [s.accountId, t.assetId, unitsWorth(LIQUIDITY_USD, t)] as const)),
  );
}

/** What the solver must sign against a user diff: its closure under the fee; null when an entry nets to 0. */
export function counterDiff(ledger: VerifierLedger, userDiff: Record<string, bigint>): Record<string, bigint> | null {
  const diff = closureOf(userDiff, ledger.feePips);
  return Object.values(diff).some((d) => d === 0n) ? null : diff;
}

/** The solver's signed token_diff, valid until `deadline` (intent and nonce deadline from one Date). */
export function signCounterIntent(
  ctx: SimContext,
  ledger: VerifierLedger,
  solver: SimSolver,
  diff: Record<string, bigint>,
  deadline: Date,
): SignedIntent {
  const nonce = encodeVersionedNonce({ salt: hex.decode(ledger.currentSalt()), deadline, random15: ctx.random(15) });
  const payload = buildIntentPayload({
    signerId: solver.accountId,
    verifyingContract: ledger.verifierId,
    deadline,
    nonce,
    intents: [
      { intent: 'token_diff', diff: Object.fromEntries(Object.entries(diff).map(([t, d]) => [t, d.toString()])) },
    ],
  });
  return signIntentPayload(solver.key.secretSeed, payload, 'nep413');
}
