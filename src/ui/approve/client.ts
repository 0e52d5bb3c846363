// The approval window's client for the APPROVAL methods (src/provider/approvalApi.ts). Each resolves to
// its result or throws a WalletError whose message is the background's, written for people.
import { APPROVAL, type ApprovalView, type ResolveOutcome, type ResolveParams } from '../../provider/approvalApi';
import { askBackground } from '../messaging';
import { WalletError } from '../wallet';
import { originView } from './origin';
import { isApprovalViewWire, worded } from './view';

async function call(method: string, params?: unknown): Promise<unknown> {
  const reply = await askBackground(params === undefined ? { type: 'request', method } : { type: 'request', method, params });
  if (!reply.ok) throw new WalletError(reply.error);
  return reply.result;
}

let earlyCurrent: Promise<unknown> | undefined;

/**
 * Asks for the request to show while the window's script first runs (entrypoints/approve/main.tsx), not
 * after the first frame as a component's effect would (docs/architecture.md, "Budgets"). The next
 * current() takes this answer; later ones ask again.
 */
export function askCurrentEarly(): void {
  earlyCurrent = call(APPROVAL.current);
  earlyCurrent.catch(() => undefined); // whoever takes it sees the failure
}

export const approvals = {
  /** The request to show, or null when nothing is waiting. */
  current: async (): Promise<ApprovalView | null> => {
    const early = earlyCurrent;
    earlyCurrent = undefined;
    const result = await (early ?? call(APPROVAL.current));
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
