/**
 * What the approval window shows for intents (issue 5 §5): plain words per intent, risk findings,
 * balance changes for the signer, and `simulate_intents` on the ledger RPC before any signature leaves.
 */
import {
  type Intent,
  type IntentPayload,
  type RiskFinding,
  type SignedIntent,
  type TokenTable,
  assessIntents,
  describeIntent,
  formatTokenAmount,
} from '../core';
import { LedgerViewError, type SimulationOutput } from '../bus';
import type { BalanceChangeView, FindingView, IntentsPreview, SimulationView } from '../provider/approvalApi';
import type { PreparedIntent } from './signer';

export interface PreviewDeps {
  tokens: () => Promise<TokenTable>;
  verifierId: () => Promise<string>;
  currentSalt: () => Promise<string | undefined>;
  /** Signs for simulation only; the signature goes to the configured ledger RPC and nowhere else. */
  signForSimulation: (prepared: PreparedIntent) => SignedIntent;
  simulate: (signed: SignedIntent) => Promise<SimulationOutput>;
  now: () => number;
}

const view = (f: RiskFinding): FindingView => ({ level: f.level, code: f.code, message: f.message });

/** How the signer's own balances move, computed from the intents (exact, no float). */
export function signerBalanceChanges(payload: IntentPayload, tokens: TokenTable): BalanceChangeView[] {
  const deltas = new Map<string, bigint>();
  const add = (tokenId: string, d: bigint) => deltas.set(tokenId, (deltas.get(tokenId) ?? 0n) + d);
  for (const it of payload.intents) addDeltas(it, add);
  return [...deltas]
    .filter(([, d]) => d !== 0n)
    .map(([tokenId, d]) => ({
      accountId: payload.signer_id,
      tokenId,
      text: `${d < 0n ? '-' : '+'}${formatTokenAmount(d < 0n ? -d : d, tokenId, tokens)}`,
    }));
}

function addDeltas(it: Intent, add: (tokenId: string, d: bigint) => void): void {
  switch (it.intent) {
    case 'token_diff':
      for (const [t, v] of Object.entries(it.diff)) add(t, BigInt(v));
      break;
    case 'transfer':
      for (const [t, v] of Object.entries(it.tokens)) add(t, -BigInt(v));
      break;
    case 'ft_withdraw':
      add(`nep141:${it.token}`, -BigInt(it.amount));
      if (it.storage_deposit) add('nep141:wrap.near', -BigInt(it.storage_deposit));
      break;
    case 'nft_withdraw':
      add(`nep171:${it.token}:${it.token_id}`, -1n);
      break;
    case 'mt_withdraw':
      it.token_ids.forEach((id, i) => add(`nep245:${it.token}:${id}`, -BigInt(it.amounts[i]!)));
      break;
    case 'native_withdraw':
    case 'storage_deposit':
      add('nep141:wrap.near', -BigInt(it.amount));
      break;
    case 'auth_call':
      if (it.attached_deposit) add('nep141:wrap.near', -BigInt(it.attached_deposit));
      break;
    default:
      break;
  }
}

async function simulation(deps: PreviewDeps, prepared: PreparedIntent): Promise<{ view: SimulationView | null; feePips?: number }> {
  try {
    const out = await deps.simulate(deps.signForSimulation(prepared));
    const inv = out.invariant_violated;
    return {
      feePips: out.state.fee,
      view: {
        ok: true,
        executed: out.intents_executed.length,
        feePips: out.state.fee,
        balanceChanges: [],
        invariantViolated: inv
          ? inv.error === 'overflow'
            ? 'amounts overflow'
            : `unmatched: ${Object.entries(inv.unmatched_deltas).map(([t, v]) => `${t} ${v}`).join(', ')}`
          : null,
      },
    };
  } catch (e) {
    if (e instanceof LedgerViewError) return { view: { ok: false, error: e.panic ?? e.message } };
    return { view: null };
  }
}

export async function intentsPreview(
  deps: PreviewDeps,
  prepared: PreparedIntent,
  origin: string | null,
  quoteHashes: string[],
): Promise<IntentsPreview> {
  const [tokens, verifierId, currentSalt] = await Promise.all([
    deps.tokens().catch(() => new Map() as TokenTable),
    deps.verifierId(),
    deps.currentSalt().catch(() => undefined),
  ]);
  const sim = await simulation(deps, prepared);
  const payload = prepared.payload;
  const risk = assessIntents(payload, {
    now: new Date(deps.now()),
    verifierId,
    origin,
    expectedSignerId: payload.signer_id,
    tokens,
    ...(sim.feePips !== undefined ? { feePips: sim.feePips } : {}),
    ...(currentSalt ? { currentSalt } : {}),
  });
  const simulationView = sim.view?.ok ? { ...sim.view, balanceChanges: signerBalanceChanges(payload, tokens) } : sim.view;
  return {
    accountId: payload.signer_id,
    verifier: payload.verifying_contract,
    deadline: payload.deadline,
    nonceKind: prepared.nonceKind,
    standard: prepared.standard,
    intents: payload.intents.map((intent, i) => ({
      type: intent.intent,
      lines: describeIntent(intent, tokens),
      findings: (risk.perIntent[i] ?? []).map(view),
    })),
    batchFindings: risk.batch.map(view),
    level: risk.level,
    simulation: simulationView,
    quoteHashes,
    raw: JSON.stringify(payload, null, 2),
  };
}
