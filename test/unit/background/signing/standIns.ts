// The stand-ins the signing tests share, for what a live network cannot be made to say on demand: the
// verifier's view of an account's keys, the bus, and the facts a review is worded from. What they replace is
// read through the ports the background declares (src/background/signing/keyManager.ts,
// src/background/review/preview.ts), so the code under test is the background's own.
import type { PreviewDeps } from '../../../../src/background/review/preview';
import type { StatusPort } from '../../../../src/background/signing/followKeyChange';
import type { LedgerKeysPort } from '../../../../src/background/signing/keyManager';
import type { IntentStatus, PublishResult } from '../../../../src/bus';
import { intentHash, type MultiPayload } from '../../../../src/core';
import type { RunningSimulator } from '../../../../src/sim/server';

/** The verifier's view of keys: `state.registered` lists them (null: it cannot be asked). */
export function ledgerWith(state: { registered: string[] | null }): LedgerKeysPort {
  const listed = () => {
    if (state.registered === null) throw new Error('ledger RPC unreachable');
    return [...state.registered];
  };
  return {
    publicKeysOf: async () => listed(),
    hasPublicKey: async (_account, key) => listed().includes(key),
  };
}

export interface BusAnswers {
  /** What get_status answers, in turn (the last one again); SETTLED when not said. */
  statuses?: IntentStatus['status'][];
  /** get_status's status_details. */
  details?: string;
  /** What publish answers (read at each publish); OK with the intent's hash when it gives nothing. */
  publish?: () => PublishResult | null | undefined;
  /** Called at each publish, after it is recorded. */
  onPublish?: () => void;
}

/** A bus that records what it is given and answers as `answers` say. */
export function busWith(answers: BusAnswers = {}) {
  const asked: string[] = [];
  const published: MultiPayload[] = [];
  const statuses = answers.statuses ?? ['SETTLED'];
  const port: StatusPort = {
    publishIntent: async (signed) => {
      published.push(signed);
      answers.onPublish?.();
      return answers.publish?.() ?? { status: 'OK', intent_hash: intentHash(signed) };
    },
    getStatus: async (hash) => {
      asked.push(hash);
      const status = statuses[Math.min(asked.length, statuses.length) - 1]!;
      return { intent_hash: hash, status, status_details: answers.details, data: undefined };
    },
  };
  return { port, asked, published };
}

/** The facts a review is worded from, for an account that holds nothing: no tokens, no fee, fresh nonces. */
export const emptyAccountFacts = (sim: RunningSimulator): PreviewDeps => ({
  tokens: async () => new Map(),
  disputedTokens: async () => new Map(),
  verifierId: async () => sim.verifierId,
  currentSalt: async () => undefined,
  fee: async () => 0,
  balancesOf: async (_a, ids) => ids.map(() => '0'),
  nonceUsed: async () => false,
  now: () => Date.now(),
});
