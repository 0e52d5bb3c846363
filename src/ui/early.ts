// What the popup and the approval window ask for before their first screen is built (docs/architecture.md,
// "Budgets"). Each page is one script; its entry imports its ask (./popupFirst.ts, ./approve/first.ts)
// before anything else, so the ask leaves while the rest of that script (Preact, the screens) is still
// being evaluated, and the answer is usually back by the time the first render wants it. Each answer is taken once; later askers go to the
// background themselves. Keep this module small: no Preact, no zod.
import { APPROVAL } from '../api/approvalApi';
import { STATUS_SNAPSHOT_KEY } from '../api/statusSnapshot';
import type { RuntimeReply } from '../provider/protocol';
import { takeHeadAsks } from './headAsks';
import { askBackground, readSession } from './messaging';

let snapshot: Promise<unknown> | undefined;
let current: Promise<RuntimeReply> | undefined;

/**
 * The popup: the status the background mirrored into storage.session (src/api/statusSnapshot.ts).
 * Reading it needs no worker round trip; wallet_status is asked once the first screen is up.
 */
export function askStatusEarly(): void {
  snapshot = (takeHeadAsks().snapshot ?? readSession(STATUS_SNAPSHOT_KEY)).catch(() => undefined);
}

/** The approval window: the request to show. */
export function askCurrentEarly(): void {
  current = takeHeadAsks().current ?? askBackground({ type: 'request', method: APPROVAL.current });
}

export const early = {
  snapshot: (): Promise<unknown> | undefined => {
    const p = snapshot;
    snapshot = undefined;
    return p;
  },
  current: (): Promise<RuntimeReply> | undefined => {
    const p = current;
    current = undefined;
    return p;
  },
};

/** `answer`, or undefined when it has not come within `waitMs` (a page draws without it then). */
export function within<T>(answer: Promise<T>, waitMs: number): Promise<T | undefined> {
  return Promise.race([answer, new Promise<undefined>((resolve) => setTimeout(resolve, waitMs))]);
}
