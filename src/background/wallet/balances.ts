/**
 * The intents account's balances (docs/services.md, "The ledger RPC"): one `mt_batch_balance_of` view
 * for the swap service's whole token list (a list longer than BATCH goes out as batches asked at once,
 * still one round trip), valued in USD at the list's prices, largest first. The last answer per account
 * is kept in storage.local, so the popup paints it at once and then shows the fresh one; when the
 * ledger cannot be asked, the kept answer comes back marked stale with the reason. Kept per network (its
 * verifier, docs/security.md "Networks"): the simulator's play money is never painted as Mainnet's. Each
 * row carries its token's verdict (../tokens/facts): a token whose decimals are not confirmed has none and
 * no USD value, so its balance is shown in raw units (docs/security.md, "Token facts").
 */

import * as z from 'zod/mini';
import type { BalanceRow, BalancesView } from '../../api/walletApi';
import { MAINNET_VERIFIER, SIM_VERIFIER, usdValue } from '../../core';
import { errorText, failureFacts } from '../../core/errorText';
import { phrase } from '../../core/phrase';
import { TOKEN_FACTS_NOTES } from '../../core/tokenFacts';
import type { KeyValue } from '../kv';
import { type CheckedToken, viewOf } from '../tokens/facts';

/**
 * Token ids per view call. The swap service lists about 150 tokens, so its whole list is one call; a
 * longer list goes out as several calls at once. Each id is one storage read in the verifier: 250 of them
 * stay far inside the gas a node lets one view burn (nearcore's `max_gas_burnt_view`,
 * https://github.com/near/nearcore/pull/4381) and the argument stays a few kB.
 */
export const BATCH = 250;

/** A kept row's note: one of the token facts' phrases, its substitutions the asset id and facts. */
const factsNoteSchema = () =>
  z.object({
    key: z.enum(TOKEN_FACTS_NOTES),
    subs: z.array(z.string()).check(z.maxLength(5)),
  });
const rowSchema = z.lazy(() =>
  z.pipe(
    z.object({
      assetId: z.string(),
      symbol: z.string(),
      blockchain: z.string(),
      decimals: z.nullable(z.int().check(z.minimum(0), z.maximum(255))),
      facts: z.optional(z.enum(['confirmed', 'disputed', 'unconfirmed'])),
      // A phrase of token facts' (src/core/tokenFacts.ts) since the words were translated; English before.
      factsNote: z.optional(z.nullable(z.union([factsNoteSchema(), z.string()]))),
      amount: z.string(),
      usd: z.nullable(z.string()),
    }),
    // A row kept before tokens were checked has no verdict: its decimals were the service's alone.
    z.transform(
      (r): BalanceRow =>
        r.facts === 'confirmed' && r.decimals !== null
          ? { ...r, facts: 'confirmed', factsNote: null }
          : {
              ...r,
              decimals: null,
              usd: null,
              facts: r.facts === 'disputed' ? 'disputed' : 'unconfirmed',
              factsNote: typeof r.factsNote === 'object' && r.factsNote ? r.factsNote : phrase('tokenFacts_kept'),
            },
    ),
  ),
);
const keptSchema = z.lazy(() =>
  z.object({ accountId: z.string(), rows: z.array(rowSchema), totalUsd: z.string(), at: z.number() }),
);
const key = (verifierId: string, accountId: string) => `balances:${verifierId}:${accountId}`;

export interface BalancesDeps {
  local: KeyValue;
  /** The swap service's token list, each token judged (../tokens/facts). */
  tokens: () => Promise<CheckedToken[]>;
  balancesOf: (accountId: string, tokenIds: readonly string[]) => Promise<string[]>;
  now: () => number;
  /** The verifier of the network the wallet is on now. */
  verifierId: () => Promise<string>;
}

const cents = (usd: string | null) => (usd === null ? -1 : Math.round(Number(usd) * 100));

export class BalancesService {
  constructor(private readonly d: BalancesDeps) {}

  /** The last answer kept for `accountId`, for painting at once. */
  async kept(accountId: string): Promise<z.output<typeof keptSchema> | undefined> {
    return this.d.local.read(key(await this.d.verifierId(), accountId), keptSchema).catch(() => undefined);
  }

  /** The account left the wallet: its kept balances go with it. */
  async forget(accountId: string): Promise<void> {
    for (const verifier of new Set([MAINNET_VERIFIER, SIM_VERIFIER, await this.d.verifierId()]))
      await this.d.local.remove(key(verifier, accountId));
  }

  async fetch(accountId: string): Promise<BalancesView> {
    const network = await this.d.verifierId();
    try {
      const tokens = (await this.d.tokens()).map((c) => ({ view: viewOf(c), assetId: c.token.assetId }));
      const slices = Array.from({ length: Math.ceil(tokens.length / BATCH) }, (_, i) =>
        tokens.slice(i * BATCH, (i + 1) * BATCH),
      );
      // The batches are asked at once: a long list costs one round trip, not one per batch.
      const answers = await Promise.all(
        slices.map(async (slice) => {
          const answer = await this.d.balancesOf(
            accountId,
            slice.map((t) => t.assetId),
          );
          if (answer.length !== slice.length)
            throw new Error(`the verifier answered ${answer.length} balances for ${slice.length} tokens`);
          return answer;
        }),
      );
      const amounts = answers.flat();
      const rows: BalanceRow[] = tokens
        .map(({ view: t }, i) => ({ t, amount: amounts[i] ?? '0' }))
        .filter(({ amount }) => /^\d+$/.test(amount) && amount !== '0')
        .map(({ t, amount }) => ({
          assetId: t.assetId,
          symbol: t.symbol,
          blockchain: t.blockchain,
          decimals: t.decimals,
          facts: t.facts,
          factsNote: t.factsNote,
          amount,
          usd:
            t.decimals === null || t.price === undefined || t.price === null
              ? null
              : usdValue(BigInt(amount), t.decimals, t.price),
        }))
        .sort((a, b) => cents(b.usd) - cents(a.usd) || a.symbol.localeCompare(b.symbol));
      const totalUsd = (rows.reduce((n, r) => n + Math.max(0, cents(r.usd)), 0) / 100).toFixed(2);
      const view = { accountId, rows, totalUsd, at: this.d.now() };
      await this.d.local.write(key(network, accountId), view);
      return { ...view, stale: false, error: null };
    } catch (e) {
      const last = await this.kept(accountId);
      const error = `The balances could not be read: ${errorText(e)}`;
      const failure = failureFacts(e);
      return last
        ? { ...last, stale: true, error, failure }
        : { accountId, rows: [], totalUsd: '0.00', at: null, stale: true, error, failure };
    }
  }
}
