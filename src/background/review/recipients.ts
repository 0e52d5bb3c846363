/**
 * What the wallet knows of the accounts a payload pays (docs/security.md, "Risk rules"): one of this
 * wallet's accounts, one this account sent to before (a settled Send in Activity), one never sent to, or
 * the deposit account of the swap being paid; and, apart from that, the name it has as a saved contact
 * (../contacts/store.ts). The popup's own reviews show it as facts beside the result, never as risk levels;
 * for a site's request the risk engine words its transfers with it (src/core/risk.ts: a saved contact is a
 * caution that names it, an account never sent to a danger that says so).
 */
import type { PublishedIntentView } from '../../api/activity';
import type { RecipientView } from '../../api/approvalApi';
import type { IntentPayload, ReceiverKnowledge } from '../../core';

export type KnownFact = 'own' | 'sentBefore' | 'firstTime';
export type ReceiverKnowledgeOf = (
  signerId: string,
  receiverIds: readonly string[],
) => Promise<ReadonlyMap<string, ReceiverKnowledge>>;

/** A settled Send of `e` paid `receiverId`: one of the receivers its record keeps (../activity/published.ts). */
export const sentTo = (e: PublishedIntentView, receiverId: string): boolean =>
  e.kind === 'send' && e.status === 'SETTLED' && e.receivers.includes(receiverId);

/** The fact about a receiver from the wallet's accounts and its settled sends, and its contact name. */
export class RecipientFacts {
  constructor(
    private readonly d: {
      ownAccounts: () => readonly string[];
      published: () => Promise<readonly PublishedIntentView[]>;
      /** Contact names of ledger accounts among these (none when the list cannot be read). */
      contactNames?: (accountIds: readonly string[]) => Promise<ReadonlyMap<string, string>>;
    },
  ) {}

  async of(signerId: string, receiverId: string): Promise<KnownFact> {
    if (this.d.ownAccounts().includes(receiverId)) return 'own';
    const sent = (await this.d.published()).some((e) => e.accountId === signerId && sentTo(e, receiverId));
    return sent ? 'sentBefore' : 'firstTime';
  }

  /**
   * Each receiver's fact and contact name. A fact that cannot be read is first time, a name that cannot be
   * read is none: what the wallet cannot vouch for is never worded as known.
   */
  async knowledge(signerId: string, receiverIds: readonly string[]): Promise<Map<string, ReceiverKnowledge>> {
    const names = await (this.d.contactNames?.(receiverIds) ?? Promise.resolve(new Map<string, string>())).catch(
      () => new Map<string, string>(),
    );
    const entries = await Promise.all(
      receiverIds.map(async (id): Promise<[string, ReceiverKnowledge]> => {
        const fact = await this.of(signerId, id).catch(() => 'firstTime' as const);
        return [id, { fact, contact: names.get(id) ?? null }];
      }),
    );
    return new Map(entries);
  }
}

/** The accounts the payload transfers to, in order, each once. */
export const transferReceivers = (payload: IntentPayload): string[] => [
  ...new Set(payload.intents.flatMap((it) => (it.intent === 'transfer' ? [it.receiver_id] : []))),
];

/** The accounts the payload transfers to, each with its fact; `swapDeposit` was checked against the swap's signed quote. */
export async function recipientsOf(
  knowledgeOf: ReceiverKnowledgeOf | undefined,
  payload: IntentPayload,
  swapDeposit: string | undefined,
): Promise<RecipientView[]> {
  const receivers = transferReceivers(payload);
  const known = await (knowledgeOf?.(payload.signer_id, receivers) ?? Promise.resolve(new Map())).catch(
    () => new Map<string, ReceiverKnowledge>(),
  );
  return receivers.map((accountId): RecipientView => {
    if (accountId === swapDeposit) return { accountId, fact: 'swapDeposit' };
    const k = known.get(accountId);
    return { accountId, fact: k?.fact ?? 'firstTime', ...(k?.contact ? { contact: k.contact } : {}) };
  });
}
