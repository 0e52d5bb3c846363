/**
 * What the approval window shows for intents: plain words per intent, risk findings, and checks that
 * need no signature of the request (docs/security.md, "No signature before consent"): the signer's
 * balance changes computed from the intents, the verifier's fee, the signer's balances and whether
 * the nonce is still unused (verifier views), and the batch invariant computed locally. The
 * verifier's own `simulate_intents` needs the real signature, so it runs only after Confirm and
 * before the signature is released (ApprovalService). A throw-away payload signed by another key
 * was not chosen: it would not prove the real key may sign, nor that the nonce is free.
 * One engine for every review: the approval window's (../approvals), the popup's Send (../wallet/send.ts)
 * and paying a swap from the intents account (../swaps/payment.ts).
 */

import type { BalanceChangeView, FindingView, IntentsPreviewWire, SimulationView } from '../../api/approvalApi';
import { LedgerViewError } from '../../bus';
import {
  assessIntents,
  base64url,
  formatTokenAmount,
  type Intent,
  type IntentPayload,
  type Phrase,
  phrase,
  type RiskFinding,
  type TokenTable,
  tokenAmountWords,
  unmatchedDeltas,
  usdValue,
  webauthnRequestOf,
} from '../../core';
import type { PreparedIntent } from '../signing/signer';
import { type ReceiverKnowledgeOf, recipientsOf, transferReceivers } from './recipients';

export interface PreviewDeps {
  /** Tokens whose decimals and symbol are confirmed by a second source, with those facts (../tokens/facts). */
  tokens: () => Promise<TokenTable>;
  /** Asset id → what the swap service and the second source disagree about (a danger finding when named). */
  disputedTokens: () => Promise<ReadonlyMap<string, Phrase>>;
  verifierId: () => Promise<string>;
  currentSalt: () => Promise<string | undefined>;
  /** The verifier's fee in pips (view `fee`). */
  fee: () => Promise<number>;
  /** The signer's balances of these tokens on the verifier (view `mt_batch_balance_of`). */
  balancesOf: (accountId: string, tokenIds: readonly string[]) => Promise<string[]>;
  /** Whether the verifier has seen this nonce for this account (view `is_nonce_used`). */
  nonceUsed: (accountId: string, nonce: string) => Promise<boolean>;
  now: () => number;
  /**
   * What the wallet knows of the accounts a payload transfers to (./recipients): facts in the popup's own
   * reviews, the wording and level of a site's transfer (a saved contact, the first time). Absent: nothing
   * is known, and a site's transfer is danger.
   */
  receivers?: ReceiverKnowledgeOf;
  /** The credential of a passkey key this wallet holds (a `webauthn` payload's review names what to ask). */
  passkeyOf?: (publicKey: string) => { credentialId: string } | undefined;
}

/** Who asks and what they were granted; null for the wallet's own pages. */
export interface PreviewRequester {
  origin: string;
  /** The accounts the origin was granted (signer_mismatch compares with these). */
  grantedAccounts: readonly string[];
}

const view = (f: RiskFinding): FindingView => ({ level: f.level, code: f.code, words: f.words });

/** "-1.5 wNEAR": a signed amount in the token's decimals and symbol (raw units only for a token the wallet cannot confirm). */
const signedAmount = (tokenId: string, d: bigint, tokens: TokenTable): string =>
  `${d < 0n ? '-' : '+'}${formatTokenAmount(d < 0n ? -d : d, tokenId, tokens)}`;

/** How the signer's own balances move, computed from the intents (exact, no float). */
export function signerBalanceChanges(payload: IntentPayload, tokens: TokenTable): BalanceChangeView[] {
  return [...signedDeltas(payload)]
    .filter(([, d]) => d !== 0n)
    .map(([tokenId, d]) => changeOf(payload.signer_id, tokenId, d, tokens));
}

const changeOf = (accountId: string, tokenId: string, d: bigint, tokens: TokenTable): BalanceChangeView => ({
  accountId,
  tokenId,
  text: signedAmount(tokenId, d, tokens),
  amount: tokenAmountWords(d < 0n ? -d : d, tokenId, tokens),
  usd: usdOf(tokenId, d, tokens),
});

/** The value at the token's listed price; null without a confirmed token or a price (informational only). */
function usdOf(tokenId: string, d: bigint, tokens: TokenTable): string | null {
  const info = tokens.get(tokenId);
  if (info?.price === undefined || !Number.isFinite(info.price) || info.price < 0) return null;
  return usdValue(d, info.decimals, info.price);
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
      for (const [i, id] of it.token_ids.entries()) add(`nep245:${it.token}:${id}`, -BigInt(it.amounts[i]!));
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

/** The tokens the intents name (by asset id or by contract), for the window's words; no price. */
function namedTokens(payload: IntentPayload, tokens: TokenTable): IntentsPreviewWire['tokens'] {
  const text = JSON.stringify(payload.intents);
  return [...tokens.values()]
    .filter((t) => text.includes(t.assetId) || text.includes(`"${t.assetId.replace(/^nep\d+:/, '')}"`))
    .map(({ assetId, symbol, decimals, blockchain }) => ({ assetId, symbol, decimals, blockchain }));
}

function signedDeltas(payload: IntentPayload): Map<string, bigint> {
  const deltas = new Map<string, bigint>();
  for (const it of payload.intents) addDeltas(it, (tokenId, d) => deltas.set(tokenId, (deltas.get(tokenId) ?? 0n) + d));
  return deltas;
}

/** The verifier's views and local arithmetic in place of a signed simulation; null when the ledger RPC did not answer. */
async function checks(
  deps: PreviewDeps,
  prepared: PreparedIntent,
  tokens: TokenTable,
): Promise<{ view: SimulationView | null; feePips?: number }> {
  const payload = prepared.payload;
  const needs = [...signedDeltas(payload)].filter(([, d]) => d < 0n);
  let feePips: number;
  let balances: string[];
  let nonceUsed: boolean;
  try {
    [feePips, balances, nonceUsed] = await Promise.all([
      deps.fee(),
      needs.length > 0
        ? deps.balancesOf(
            payload.signer_id,
            needs.map(([t]) => t),
          )
        : Promise.resolve([]),
      deps.nonceUsed(payload.signer_id, payload.nonce),
    ]);
  } catch (e) {
    if (e instanceof LedgerViewError) return { view: { ok: false, error: e.panic ?? e.message } };
    return { view: null };
  }
  if (nonceUsed)
    return {
      feePips,
      view: { ok: false, error: 'this nonce was already used by this account', reasons: [phrase('review_nonceUsed')] },
    };
  const short = needs.flatMap(([tokenId, d], i) => {
    const held = BigInt(balances[i] ?? '0');
    return held < -d ? [{ tokenId, held, needs: -d }] : [];
  });
  if (short.length > 0) {
    const english = short.map(
      (x) =>
        `holds ${formatTokenAmount(x.held, x.tokenId, tokens)}, needs ${formatTokenAmount(x.needs, x.tokenId, tokens)}`,
    );
    const reasons = short.map((x) =>
      phrase(
        'review_insufficient',
        tokenAmountWords(x.held, x.tokenId, tokens),
        tokenAmountWords(x.needs, x.tokenId, tokens),
      ),
    );
    return { feePips, view: { ok: false, error: `insufficient balance (${english.join('; ')})`, reasons } };
  }
  const own = payload.intents.flatMap((it) => (it.intent === 'token_diff' ? [it.diff] : []));
  const unmatched = Object.entries(unmatchedDeltas(own, feePips));
  return {
    feePips,
    view: {
      ok: true,
      executed: payload.intents.length,
      feePips,
      balanceChanges: signerBalanceChanges(payload, tokens),
      invariantViolated:
        unmatched.length > 0 ? `unmatched: ${unmatched.map(([t, v]) => signedAmount(t, v, tokens)).join(', ')}` : null,
      unmatched: unmatched.map(([t, v]) => changeOf(payload.signer_id, t, v, tokens)),
    },
  };
}

/**
 * What the page asks the authenticator after Confirm, for a passkey's payload: its credential and the
 * challenge, SHA-256 of the exact payload string (the verifier's rule, core webauthnRequestOf).
 */
function passkeyAsk(deps: PreviewDeps, prepared: PreparedIntent): Pick<IntentsPreviewWire, 'passkey'> {
  if (prepared.standard !== 'webauthn') return {};
  const credential = deps.passkeyOf?.(prepared.publicKey);
  if (!credential) return {};
  const { challenge } = webauthnRequestOf(prepared.payload);
  return { passkey: { credentialId: credential.credentialId, challenge: base64url.encode(challenge) } };
}

/**
 * The review of a payload. `requester` is who asks, as the background knows it: a site (from the
 * browser's word on the sender), or null for the wallet's own pages, which only the background's own
 * code paths pass (../wallet/send.ts, ../swaps/payment.ts, ../signing/reviewed.ts).
 */
export async function intentsPreview(
  deps: PreviewDeps,
  prepared: PreparedIntent,
  requester: PreviewRequester | null,
  quoteHashes: string[],
  swapDeposit?: string,
): Promise<IntentsPreviewWire> {
  const [tokens, disputedTokens, verifierId, currentSalt] = await Promise.all([
    deps.tokens().catch(() => new Map() as TokenTable),
    deps.disputedTokens().catch(() => new Map<string, Phrase>()),
    deps.verifierId(),
    deps.currentSalt().catch(() => undefined),
  ]);
  const payload = prepared.payload;
  const receiverIds = transferReceivers(payload);
  const [sim, receivers] = await Promise.all([
    checks(deps, prepared, tokens),
    receiverIds.length > 0 && deps.receivers
      ? deps.receivers(payload.signer_id, receiverIds).catch(() => undefined)
      : Promise.resolve(undefined),
  ]);
  // A page signs only as an account it was granted (now, not when it asked: grants can be revoked).
  const expectedSignerId = requester
    ? requester.grantedAccounts.includes(payload.signer_id)
      ? payload.signer_id
      : (requester.grantedAccounts[0] ?? '(no account granted to this site)')
    : payload.signer_id;
  const risk = assessIntents(payload, {
    now: new Date(deps.now()),
    verifierId,
    origin: requester?.origin ?? null,
    expectedSignerId,
    nonceFromPage: !prepared.ownNonce,
    tokens,
    disputedTokens,
    ...(receivers ? { receivers } : {}),
    ...(sim.feePips !== undefined ? { feePips: sim.feePips } : {}),
    ...(currentSalt ? { currentSalt } : {}),
  });
  return {
    accountId: payload.signer_id,
    verifier: payload.verifying_contract,
    deadline: payload.deadline,
    nonceKind: prepared.nonceKind,
    standard: prepared.standard,
    intents: payload.intents.map((intent, i) => ({
      type: intent.intent,
      intent,
      findings: (risk.perIntent[i] ?? []).map(view),
    })),
    tokens: namedTokens(payload, tokens),
    changes: signerBalanceChanges(payload, tokens),
    batchFindings: risk.batch.map(view),
    level: risk.level,
    simulation: sim.view,
    quoteHashes,
    raw: JSON.stringify(payload, null, 2),
    ...passkeyAsk(deps, prepared),
    ...(requester === null
      ? { recipients: await recipientsOf(receivers && (async () => receivers), payload, swapDeposit) }
      : {}),
  };
}
