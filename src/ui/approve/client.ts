// The approval window's client for the APPROVAL methods (src/provider/approvalApi.ts). Each resolves to
// its result or throws a WalletError whose message is the background's, written for people.
import { describeIntent, parseIntents, tokenTable } from '../../core';
import { APPROVAL, type ApprovalView, type IntentsPreview, type IntentsPreviewWire, type ResolveOutcome, type ResolveParams } from '../../provider/approvalApi';
import { askBackground } from '../messaging';
import { WalletError } from '../wallet';
import { originView } from './origin';
import { isApprovalViewWire } from './view';

async function call(method: string, params?: unknown): Promise<unknown> {
  const reply = await askBackground(params === undefined ? { type: 'request', method } : { type: 'request', method, params });
  if (!reply.ok) throw new WalletError(reply.error);
  return reply.result;
}

/** The window's own words for each intent (the background sends the intents and the tokens they name). */
function worded(wire: IntentsPreviewWire): IntentsPreview {
  const { tokens, intents, ...rest } = wire;
  const table = tokenTable(tokens);
  const parsed = parseIntents(intents.map((i) => i.intent));
  return { ...rest, intents: intents.map(({ intent: _intent, ...i }, k) => ({ ...i, lines: describeIntent(parsed[k]!, table) })) };
}

export const approvals = {
  /** The request to show, or null when nothing is waiting. */
  current: async (): Promise<ApprovalView | null> => {
    const result = await call(APPROVAL.current);
    if (result === null) return null;
    if (!isApprovalViewWire(result)) throw new Error('The extension sent a request this window does not understand');
    const { intents, ...rest } = result;
    return { ...rest, origin: originView(result.origin), ...(intents ? { intents: worded(intents) } : {}) };
  },
  /** Null once carried out; `{refused}` when the request ended with an error to show (not given to the page, not published). */
  resolve: async (params: ResolveParams): Promise<ResolveOutcome> => {
    const out = await call(APPROVAL.resolve, params);
    if (out === null || out === undefined) return null;
    const refused = (out as { refused?: unknown }).refused;
    return typeof refused === 'string' ? { refused } : null;
  },
  rejectAll: async (origin: string): Promise<void> => void (await call(APPROVAL.rejectAll, { origin })),
};
