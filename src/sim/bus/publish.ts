/**
 * `publish_intent` / `publish_intents` (docs/services.md, "The message bus"): the user's signed
 * intents and the solver counter-intents named by `quote_hashes` run as one atomic batch on the ledger,
 * at publish time, so a failure comes back at once as `status: "FAILED"` with the verifier's text.
 * Quote problems (unknown, expired, already used) fail the same way with the bus's own reason.
 * A published intent then shows PENDING → TX_BROADCASTED → SETTLED (status.ts).
 */
import { intentHash, type MultiPayload, multiPayloadSchema } from '../../core';
import type { SimContext } from '../context';
import { VerifierError } from '../ledger/errors';
import type { VerifierLedger } from '../ledger/ledger';
import { own } from '../ledger/state';
import { invalidParams } from './jsonrpc';
import { issueText, publishIntentParams, publishIntentsParams } from './schemas';
import type { BusState, StoredQuote } from './state';

export type PublishResult =
  | { status: 'OK'; intent_hashes: string[] }
  | { status: 'FAILED'; reason: string; intent_hashes: string[] };

/** What the SDK treats as success when an intent is sent twice (docs/services.md, "The message bus"). */
export const ALREADY_PROCESSED = 'already processed';

export function publishOne(ctx: SimContext, ledger: VerifierLedger, state: BusState, raw: Record<string, unknown>) {
  const p = publishIntentParams.safeParse(raw);
  if (!p.success) throw invalidParams(issueText(p.error));
  const result = publish(ctx, ledger, state, [p.data.signed_data], p.data.quote_hashes, 'signed_data');
  const intent_hash = result.intent_hashes[0]!;
  return result.status === 'OK'
    ? { status: 'OK', intent_hash }
    : { status: 'FAILED', reason: result.reason, intent_hash };
}

export function publishMany(
  ctx: SimContext,
  ledger: VerifierLedger,
  state: BusState,
  raw: Record<string, unknown>,
): PublishResult {
  const p = publishIntentsParams.safeParse(raw);
  if (!p.success) throw invalidParams(issueText(p.error));
  return publish(ctx, ledger, state, p.data.signed_datas, p.data.quote_hashes, 'signed_datas');
}

function publish(
  ctx: SimContext,
  ledger: VerifierLedger,
  state: BusState,
  rawSigned: readonly unknown[],
  quoteHashes: readonly string[],
  field: string,
): PublishResult {
  const signed: MultiPayload[] = rawSigned.map((item, i) => {
    const parsed = multiPayloadSchema.safeParse(item);
    if (!parsed.success) {
      const at = field === 'signed_data' ? field : `${field}.${i}`;
      throw invalidParams(`${at}: ${issueText(parsed.error)} (supported standards: nep413, raw_ed25519, webauthn)`);
    }
    return parsed.data;
  });
  const intent_hashes = signed.map(intentHash);
  const failed = (reason: string): PublishResult => ({ status: 'FAILED', reason, intent_hashes });

  if (intent_hashes.some((h) => own(state.intents, h) !== undefined)) return failed(ALREADY_PROCESSED);
  const quotes: StoredQuote[] = [];
  const now = ctx.clock.nowMs();
  for (const hash of new Set(quoteHashes)) {
    const q = own(state.quotes, hash);
    if (!q) return failed(`quote '${hash}' not found`);
    if (q.usedBy !== undefined) return failed(`quote '${hash}' was already used`);
    if (q.expiresAtMs < now) return failed(`quote '${hash}' has expired`);
    quotes.push(q);
  }

  let txHash: string;
  try {
    txHash = ledger.executeSigned([...signed, ...quotes.map((q) => q.signed)]).txHash!;
  } catch (e) {
    if (e instanceof VerifierError) return failed(e.message);
    throw e;
  }
  for (const q of quotes) q.usedBy = intent_hashes[0]!;
  for (const intentHash of intent_hashes) {
    state.intents[intentHash] = { intentHash, status: 'PENDING', publishedAtMs: now, txHash };
  }
  ctx.commit();
  return { status: 'OK', intent_hashes };
}
