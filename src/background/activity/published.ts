/**
 * The intents this wallet published itself, for Activity (docs/architecture.md, "Where state lives"):
 * sends from the popup and intents approved for sites, one list under `publishedIntents` in
 * storage.local, newest first, at most LIMIT entries (the oldest go first), so a long history never
 * slows the popup. Each entry holds the hash, account, kind, site, a few lines of plain words as phrases
 * of the catalogue (src/core/describe.ts), the accounts its transfers paid (what "sent to before" reads,
 * ../review/recipients.ts), the time and the bus's last status: no payload, no signature.
 * Read back through a zod schema; damaged entries are set aside under `publishedIntents.damaged`
 * (never deleted) and reported (src/background/problems.ts), the others kept.
 */

import * as z from 'zod/mini';
import type { PublishedIntentView, PublishedStatus } from '../../api/activity';
import type { IntentStatusView } from '../../api/walletApi';
import {
  amountOf,
  DESCRIBE_KEYS,
  describeIntent,
  type Intent,
  isAmount,
  isList,
  type Phrase,
  phrase,
  type Sub,
  type TokenTable,
} from '../../core';
import { serial } from '../../core/serial';
import { CorruptedValueError, type KeyValue } from '../kv';
import type { StorageProblems } from '../problems';

export const PUBLISHED_KEY = 'publishedIntents';
export const PUBLISHED_LIMIT = 500;
/** Lines of plain words kept per intent, and characters per line: a page's intents cannot bloat storage. */
const MAX_LINES = 6;
const MAX_CHARS = 200;
/** Receivers kept per intent: as many as a record can show lines for. */
const MAX_RECEIVERS = 16;

const ns = z.lazy(() => z.nullable(z.string()));
/** A line as stored: one of describe's messages and at most four substitutions (its most placeholders). */
const phraseSchema = z.lazy(() =>
  z.object({
    key: z.enum(DESCRIBE_KEYS),
    // An amount of a token whose decimals are unconfirmed, inside a line (core tokenAmountWords).
    subs: z
      .array(
        z.union([
          z.string(),
          z.object({ key: z.literal('amount_unitsOf'), subs: z.array(z.string()).check(z.length(2)) }),
          // An amount of a known token (core tokenAmountWords), written in the reader's decimal mark.
          z.strictObject({ decimal: z.string().check(z.regex(/^[+-]?\d+(\.\d+)?$/)), unit: z.optional(z.string()) }),
        ]),
      )
      .check(z.maxLength(4)),
  }),
);
/**
 * A record as stored: phrases and receivers since the words were translated; English lines and no receivers
 * before. Both are read; `current` turns the older kind into the newer.
 */
const recordSchema = z.lazy(() =>
  z.object({
    intentHash: z.string(),
    accountId: z.string(),
    kind: z.enum(['send', 'dapp']),
    origin: ns,
    summary: z.union([z.array(phraseSchema), z.array(z.string())]),
    receivers: z.optional(z.array(z.string())),
    createdAt: z.number(),
    status: z.enum(['PENDING', 'TX_BROADCASTED', 'SETTLED', 'NOT_FOUND_OR_NOT_VALID', 'FAILED']),
    detail: ns,
    txHash: ns,
    checkedAt: z.nullable(z.number()),
  }),
);
type StoredRecord = z.infer<typeof recordSchema>;

/**
 * The accounts an older record's English lines say a Send paid: "Send <amount> to <account>" was the only
 * line that named a transfer's receiver, and an account id holds no space. Read once, for records stored
 * before the receivers were kept; nothing new is ever read from words.
 */
export const recordedSendReceivers = (lines: readonly string[]): string[] => [
  ...new Set(
    lines.flatMap((l) => (l.startsWith('Send ') && l.includes(' to ') ? [l.slice(l.lastIndexOf(' to ') + 4)] : [])),
  ),
];

function current(r: StoredRecord): PublishedIntentView {
  const { summary, receivers, ...rest } = r;
  const words = summary as readonly (string | Phrase)[];
  const old = words.filter((l): l is string => typeof l === 'string');
  return {
    ...rest,
    summary: words.map((l) =>
      typeof l === 'string' ? phrase('describe_asRecorded', l) : { key: l.key, subs: l.subs },
    ),
    receivers: receivers ?? recordedSendReceivers(old),
  };
}

/** The accounts the intents transfer to, in order, each once. */
const receiversOf = (intents: readonly Intent[]): string[] =>
  [...new Set(intents.flatMap((i) => (i.intent === 'transfer' ? [i.receiver_id] : [])))].slice(0, MAX_RECEIVERS);

/** What the wallet knows when it publishes. */
export interface NewPublished {
  intentHash: string;
  accountId: string;
  kind: PublishedIntentView['kind'];
  origin: string | null;
  intents: readonly Intent[];
  status: 'PENDING' | 'FAILED';
  detail?: string | undefined;
}

const clipText = (s: string) => (s.length > MAX_CHARS ? `${s.slice(0, MAX_CHARS - 1)}…` : s);
const clip = (s: Sub): Sub =>
  typeof s === 'string'
    ? clipText(s)
    : isList(s)
      ? s.map(clip)
      : isAmount(s)
        ? amountOf(s.decimal, s.unit === undefined ? undefined : clipText(s.unit))
        : { key: s.key, subs: s.subs.map(clip) };

/** The intents' plain words, a few lines at most, each substitution a few characters at most. */
export function summaryOf(intents: readonly Intent[], tokens: TokenTable): Phrase[] {
  const lines = intents.flatMap((i) => describeIntent(i, tokens)).map((l) => ({ key: l.key, subs: l.subs.map(clip) }));
  return lines.length > MAX_LINES
    ? [...lines.slice(0, MAX_LINES - 1), phrase('describe_more', String(lines.length - MAX_LINES + 1))]
    : lines;
}

export interface PublishedDeps {
  local: KeyValue;
  tokens: () => Promise<TokenTable>;
  now: () => number;
  problems?: StorageProblems | undefined;
  limit?: number;
}

export class PublishedIntents {
  /** The list as last read or written: only this worker writes it. */
  private cache: PublishedIntentView[] | null = null;
  private readonly serial = serial();
  constructor(private readonly d: PublishedDeps) {}

  /** Newest first. */
  list(): Promise<readonly PublishedIntentView[]> {
    return this.locked(() => this.load());
  }

  /** Notes an intent just published (or refused); never throws: the publication itself already happened. */
  async add(p: NewPublished): Promise<void> {
    const tokens = await this.d.tokens().catch((): TokenTable => new Map());
    const entry: PublishedIntentView = {
      intentHash: p.intentHash,
      accountId: p.accountId,
      kind: p.kind,
      origin: p.origin,
      summary: summaryOf(p.intents, tokens),
      receivers: receiversOf(p.intents),
      createdAt: this.d.now(),
      status: p.status,
      detail: p.detail ?? null,
      txHash: null,
      checkedAt: null,
    };
    await this.edit((list) => [entry, ...list.filter((e) => e.intentHash !== p.intentHash)]).catch(() => undefined);
  }

  /** Takes the bus's word on one of ours (unknown hashes are ignored); answers the entry as it now is. */
  async observe(s: IntentStatusView): Promise<PublishedIntentView | undefined> {
    let changed: PublishedIntentView | undefined;
    await this.edit((list) => {
      const at = list.findIndex((e) => e.intentHash === s.intent_hash);
      if (at === -1) return null;
      const old = list[at]!;
      // Refused or settled is final (the bus may not know a refused intent at all).
      if (old.status === 'FAILED' || old.status === 'SETTLED') {
        changed = old;
        return null;
      }
      const status: PublishedStatus = s.status;
      changed = {
        ...old,
        status,
        detail: s.status_details ?? old.detail,
        txHash: s.data?.hash ?? old.txHash,
        checkedAt: this.d.now(),
      };
      const next = list.map((e, i) => (i === at ? changed! : e));
      // Only the time of the check is new: kept in memory (it spaces the refreshes), not written.
      const same = changed.status === old.status && changed.detail === old.detail && changed.txHash === old.txHash;
      if (!same) return next;
      this.cache = next;
      return null;
    });
    return changed;
  }

  private async load(): Promise<PublishedIntentView[]> {
    if (this.cache) return this.cache;
    let raw: unknown;
    try {
      raw = await this.d.local.read(PUBLISHED_KEY, z.unknown());
    } catch (e) {
      if (!(e instanceof CorruptedValueError)) throw e;
      // Not sealed by this wallet, or not with its key: no entry in it is the wallet's own.
      const found = await this.d.local.asFound(PUBLISHED_KEY);
      await this.setAside(found, Array.isArray(found) && found.length > 0 ? found.length : 1, []);
      this.cache = [];
      return this.cache;
    }
    if (raw === undefined) {
      this.cache = [];
      return this.cache;
    }
    const items = Array.isArray(raw) ? raw : [raw];
    const good = items.flatMap((item) => {
      const r = recordSchema.safeParse(item);
      return r.success ? [current(r.data)] : [];
    });
    if (!Array.isArray(raw) || good.length < items.length) await this.setAside(raw, items.length - good.length, good);
    this.cache = good;
    return good;
  }

  /** Keeps the damaged value as it was (a second damage gets its own key) and reports it. */
  private async setAside(raw: unknown, bad: number, good: PublishedIntentView[]): Promise<void> {
    const base = `${PUBLISHED_KEY}.damaged`;
    const key = (await this.d.local.asFound(base)) === undefined ? base : `${base}.${this.d.now()}`;
    await this.d.local.write(key, raw);
    await this.d.local.write(PUBLISHED_KEY, good);
    this.d.problems?.report(
      'activity',
      key,
      `${bad === 1 ? 'One entry' : `${bad} entries`} of Activity’s record of sends and site intents could not be read; ${bad === 1 ? 'it was' : 'they were'} set aside under ${key} and ${bad === 1 ? 'is' : 'are'} not listed.`,
      phrase('storeProblem_activity', String(bad)),
    );
  }

  /** Read-modify-write under one lock; `fn` answers null when nothing changes. */
  private edit(fn: (list: PublishedIntentView[]) => PublishedIntentView[] | null): Promise<void> {
    return this.locked(async () => {
      const next = fn(await this.load());
      if (!next) return;
      const kept = next.slice(0, this.d.limit ?? PUBLISHED_LIMIT);
      await this.d.local.write(PUBLISHED_KEY, kept);
      this.cache = kept;
    });
  }

  private locked<T>(fn: () => Promise<T>): Promise<T> {
    return this.serial(fn);
  }
}
