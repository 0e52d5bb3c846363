// The approval window's client for the APPROVAL methods (src/api/approvalApi.ts). Each resolves to
// its result or throws a WalletError whose message is the background's, written for people.
import { APPROVAL, type ApprovalView, type ResolveOutcome, type ResolveParams } from '../../api/approvalApi';
import { callBackground as call, unwrap } from '../call';
import { early, within } from '../early';
import { originView } from './origin';
import { isApprovalViewWire } from './view';

/**
 * The first request to draw the window from: the answer to the ask made as the window's script started
 * (../early), if it comes within `waitMs`. Undefined when it did not, or failed: the window then draws its
 * loading state and asks again itself (which shows the failure).
 */
export async function firstView(waitMs: number): Promise<ApprovalView | null | undefined> {
  return within(approvals.current(), waitMs).catch(() => undefined);
}

export const approvals = {
  /** The request to show, or null when nothing is waiting. */
  current: async (): Promise<ApprovalView | null> => {
    // The first call takes the answer asked for as the window's script started (../early).
    const asked = early.current();
    const result = asked === undefined ? await call(APPROVAL.current) : await unwrap(asked);
    if (result === null) return null;
    if (!isApprovalViewWire(result)) throw new Error('The extension sent a request this window does not understand');
    const { intents, ...rest } = result;
    // The intents' wording loads with the first request that has intents (./worded).
    const words = intents ? (await import('./worded')).worded(intents, result.network.id) : undefined;
    return { ...rest, origin: originView(result.origin), ...(words ? { intents: words } : {}) };
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
