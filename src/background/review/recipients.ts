/**
 * Facts about the accounts a popup review pays (docs/security.md, "Risk rules"): one of this wallet's
 * accounts, one this account sent to before (a settled Send in Activity), one never sent to, or the
 * deposit account of the swap being paid. Shown to the person beside the result; never risk levels, and
 * never given for a site's request (its transfers stay danger, src/core/risk.ts).
 */
import type { PublishedIntentView } from '../../api/activity';
import type { RecipientFact, RecipientView } from '../../api/approvalApi';
import type { IntentPayload } from '../../core';

export type RecipientFactOf = (signerId: string, receiverId: string) => Promise<'own' | 'sentBefore' | 'firstTime'>;

/**
 * A settled Send of `e` paid `receiverId`: its plain words (src/core/describe.ts, "Send … to <account>")
 * end with the account, which holds no space.
 */
export const sentTo = (e: PublishedIntentView, receiverId: string): boolean =>
  e.kind === 'send' &&
  e.status === 'SETTLED' &&
  e.summary.some((line) => line.startsWith('Send ') && line.endsWith(` to ${receiverId}`));

/** The fact about a receiver from the wallet's accounts and its settled sends. */
export class RecipientFacts {
  constructor(
    private readonly d: {
      ownAccounts: () => readonly string[];
      published: () => Promise<readonly PublishedIntentView[]>;
    },
  ) {}

  async of(signerId: string, receiverId: string): Promise<'own' | 'sentBefore' | 'firstTime'> {
    if (this.d.ownAccounts().includes(receiverId)) return 'own';
    const sent = (await this.d.published()).some((e) => e.accountId === signerId && sentTo(e, receiverId));
    return sent ? 'sentBefore' : 'firstTime';
  }
}

/** The accounts the payload transfers to, each with its fact; `swapDeposit` was checked against the swap's signed quote. */
export async function recipientsOf(
  factOf: RecipientFactOf | undefined,
  payload: IntentPayload,
  swapDeposit: string | undefined,
): Promise<RecipientView[]> {
  const receivers = [...new Set(payload.intents.flatMap((it) => (it.intent === 'transfer' ? [it.receiver_id] : [])))];
  return Promise.all(
    receivers.map(async (accountId): Promise<RecipientView> => {
      if (accountId === swapDeposit) return { accountId, fact: 'swapDeposit' };
      const fact: RecipientFact = factOf
        ? await factOf(payload.signer_id, accountId).catch(() => 'firstTime' as const)
        : 'firstTime';
      return { accountId, fact };
    }),
  );
}
