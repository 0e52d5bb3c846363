// The numbers docs/ states for constants that exist in code, held to the code: a doc and a constant that
// drift apart fail here with both values named. Each claim finds its sentence by a pattern that holds the
// words around the number (white space runs as one space; test/support/docText.ts), so rewording a
// sentence fails as "no sentence matches" rather than passing unread. A claim is one doc sentence and one
// constant; the constant is imported where the module exports it, else read from its source
// (test/support/sourceConstants.ts) or from the bench row that gates it (test/bench).
import { describe, expect, it } from 'vitest';
import { REFRESH_PER_PAGE } from '../../src/background/activity/merge';
import { PUBLISHED_LIMIT } from '../../src/background/activity/published';
import { CLOSED_COOLDOWN_MS, QUEUE_BOUNDS } from '../../src/background/approvals/queue';
import { CLIPBOARD_REJOIN_MS, CLIPBOARD_RETRY_MS } from '../../src/background/clipboard/guard';
import { SALT_TTL_MS } from '../../src/background/signing/salt';
import { DEFAULT_DEADLINE_MS } from '../../src/background/signing/signer';
import { ANY_INPUT_POLL_MS } from '../../src/background/swaps/anyInput';
import { BACKLOG_GAP_MS, CHECKS_PER_TICK } from '../../src/background/swaps/records';
import { BATCH } from '../../src/background/wallet/balances';
import { DEFAULT_AUTO_LOCK_MINUTES } from '../../src/background/wallet/presets';
import { PIPS_MAX } from '../../src/core/fees';
import { DEFAULT_RETRY_POLICY } from '../../src/core/http';
import { INTENT_TEXT_LIMITS } from '../../src/core/intents';
import { DANGER_DEADLINE_MS, STORAGE_DEPOSIT_CAP_YOCTO } from '../../src/core/risk';
import { CONTEXT_CHECK_MS } from '../../src/provider/relay';
import { CONFIRM_DELAY_MS } from '../../src/ui/approve/view';
import { DEFAULT_PAGE_SIZE, PAGE_SIZES } from '../../src/ui/historyQuery';
import { DEFAULT_ITERATIONS, MIN_ITERATIONS } from '../../src/vault/record';
import { docNumber, docUnits, sectionText, tableRow } from '../support/docText';
import { benchBudget, sourceConstant } from '../support/sourceConstants';

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const KB = 1024;
const YOCTO_PER_NEAR = 24;

interface Claim {
  /** What the number is, in words, for the failure message. */
  what: string;
  doc: string;
  /** The heading the sentence is under; the whole doc when absent. */
  section?: string;
  /** The sentence, its number in the first capture group. Every match is checked. */
  says: RegExp;
  /** The doc's number in the code's unit: a factor (minutes → ms), or a parser (NEAR → yocto). */
  unit?: number | ((text: string) => number | bigint);
  /** Where the value comes from, e.g. `QUEUE_BOUNDS.perSite (src/background/approvals/queue.ts)`. */
  code: string;
  value: number | bigint;
}

const pkg = (file: string, name: string) => ({ code: `${name} (${file})`, value: sourceConstant(file, name) });
const bench = (file: string, row: string) => ({
  code: `the bench row "${row}" (${file})`,
  value: benchBudget(file, row),
});
const SIZE = 'test/bench/rows/size.ts';
const BROWSER = 'test/bench/rows/browser.ts';
const WAKE = 'test/bench/rows/wake.ts';
const COMPARE = 'test/bench/rows/compare.ts';
const SCALE_BROWSER = 'test/bench/rows/scaleBrowser.ts';
const SCALE_BACKGROUND = 'test/bench/rows/scaleBackground.ts';
const near = (text: string) => docUnits(text, YOCTO_PER_NEAR);

const ARCHITECTURE: Claim[] = [
  {
    what: 'the Confirm delay',
    doc: 'architecture.md',
    section: 'The life of a signing request',
    says: /in a visible and focused window, for (\d(?:[\d,]*\d)?) ms/,
    code: 'CONFIRM_DELAY_MS (src/ui/approve/view.ts)',
    value: CONFIRM_DELAY_MS,
  },
  {
    what: 'PBKDF2 iterations of a new vault record',
    doc: 'architecture.md',
    section: 'Where state lives',
    says: /PBKDF2-SHA256 \((\d(?:[\d,]*\d)?) iterations for new records/,
    code: 'DEFAULT_ITERATIONS (src/vault/record.ts)',
    value: DEFAULT_ITERATIONS,
  },
  {
    what: 'the fewest PBKDF2 iterations a record may have',
    doc: 'architecture.md',
    section: 'Where state lives',
    says: /iterations for new records, at least (\d(?:[\d,]*\d)?)\)/,
    code: 'MIN_ITERATIONS (src/vault/record.ts)',
    value: MIN_ITERATIONS,
  },
  {
    what: 'the auto-lock default',
    doc: 'architecture.md',
    section: 'Where state lives',
    says: /locks after (\d+) idle minutes by default/,
    code: 'DEFAULT_AUTO_LOCK_MINUTES (src/background/wallet/presets.ts)',
    value: DEFAULT_AUTO_LOCK_MINUTES,
  },
  {
    what: 'how many published intents Activity keeps',
    doc: 'architecture.md',
    section: 'Where state lives',
    says: /`publishedIntents`: the newest (\d(?:[\d,]*\d)?)/,
    code: 'PUBLISHED_LIMIT (src/background/activity/published.ts)',
    value: PUBLISHED_LIMIT,
  },
  {
    what: 'how often a waiting relay checks its context',
    doc: 'architecture.md',
    section: 'Provider API',
    says: /the relay checks its context every (second|[\d,]+ ms)/,
    unit: (t) => (t === 'second' ? SECOND : docNumber(t.replace(' ms', ''))),
    code: 'CONTEXT_CHECK_MS (src/provider/relay.ts)',
    value: CONTEXT_CHECK_MS,
  },
  {
    what: 'how deep the relay rebuilds params',
    doc: 'architecture.md',
    section: 'Trust boundaries',
    says: /depth ≤ (\d+)/,
    ...pkg('src/provider/relay.ts', 'MAX_DEPTH'),
  },
  {
    what: "the popup's wait for its first answer",
    doc: 'architecture.md',
    section: 'Budgets',
    says: /wait for that first answer \(at most (\d+) ms\)/,
    ...pkg('entrypoints/popup/main.tsx', 'SNAPSHOT_WAIT_MS'),
  },
  {
    what: "the approval window's wait for its first answer",
    doc: 'architecture.md',
    section: 'Budgets',
    says: /wait for that first answer \(at most (\d+) ms\)/,
    ...pkg('entrypoints/approve/main.tsx', 'FIRST_WAIT_MS'),
  },
  {
    what: 'PBKDF2 iterations timed by the bench',
    doc: 'architecture.md',
    section: 'Budgets',
    says: /unlocking at (\d(?:[\d,]*\d)?) PBKDF2 iterations/,
    code: 'DEFAULT_ITERATIONS (src/vault/record.ts)',
    value: DEFAULT_ITERATIONS,
  },
];

/** The Budgets table of docs/architecture.md, gate by gate: the cell's `≤ N` in order. */
const GATES: { row: string; gates: { code: string; value: number; unit?: number }[] }[] = [
  { row: 'popup ready', gates: [bench(BROWSER, 'popup ready ÷ blank extension page DOMContentLoaded')] },
  {
    row: 'dApp request',
    gates: [bench(BROWSER, 'dApp request → approval window ready ÷ same request → blank window')],
  },
  {
    row: 'provider round trip',
    gates: [bench(BROWSER, 'provider round trip intents_accounts ÷ unknown-method round trip')],
  },
  {
    row: 'worker woken',
    gates: [bench(WAKE, 'first answer of a stopped worker ÷ an answer-only worker stopped alike')],
  },
  {
    row: 'page-facing scripts (provider + relay) gzip ÷',
    gates: [bench(COMPARE, 'page-facing scripts gzip, ours ÷ @metamask/providers in-page provider')],
  },
  {
    row: 'page-facing scripts; popup JS',
    gates: [
      bench(SIZE, 'page-facing scripts (provider + relay), gzip'),
      bench(SIZE, 'popup JS to first render, gzip'),
      bench(SIZE, 'background, gzip'),
    ],
  },
  { row: "History's first page", gates: [bench(SCALE_BROWSER, 'History first page (… rows), … ÷ … stored swaps')] },
  {
    row: '`storage.local` bytes per stored swap',
    gates: [{ ...bench(SCALE_BROWSER, 'storage.local bytes per stored swap'), unit: KB }],
  },
  { row: 'worker wake-up to ready', gates: [bench(SCALE_BROWSER, 'worker wake-up to ready, … ÷ … stored swaps')] },
  {
    row: 'tracker, 200 swaps due',
    gates: [{ code: 'CHECKS_PER_TICK (src/background/swaps/records.ts)', value: CHECKS_PER_TICK }],
  },
  { row: "tracker alarm's time", gates: [bench(SCALE_BACKGROUND, 'tracker tick time, … ÷ … stored swaps')] },
  {
    row: "Home's balances with 150 tokens",
    gates: [
      bench(SCALE_BACKGROUND, 'Home balances, 150 tokens: mt_batch_balance_of calls'),
      bench(SCALE_BACKGROUND, 'Home balances time, 150 ÷ 15 tokens'),
    ],
  },
  {
    row: 'approval window reading the queue',
    gates: [bench(SCALE_BROWSER, "approval window's read of the queue, 50 sites waiting ÷ 1")],
  },
];

const SECURITY: Claim[] = [
  {
    what: 'approval requests waiting per site',
    doc: 'security.md',
    section: 'Pages get nothing for free',
    says: /The approval queue holds one request per origin and per tab, (\w+) per site/,
    code: 'QUEUE_BOUNDS.perSite (src/background/approvals/queue.ts)',
    value: QUEUE_BOUNDS.perSite,
  },
  {
    what: 'approval requests waiting in all',
    doc: 'security.md',
    section: 'Pages get nothing for free',
    says: /per site \(subdomains together\) and (a hundred|[\d,]+) in all/,
    code: 'QUEUE_BOUNDS.total (src/background/approvals/queue.ts)',
    value: QUEUE_BOUNDS.total,
  },
  {
    what: 'the cooldown after the user closes the window',
    doc: 'security.md',
    section: 'Pages get nothing for free',
    says: /that tab may not reopen it for (\d+) seconds/,
    unit: SECOND,
    code: 'CLOSED_COOLDOWN_MS (src/background/approvals/queue.ts)',
    value: CLOSED_COOLDOWN_MS,
  },
  {
    what: 'how long a started worker waits for the page holding a pending clipboard clear',
    doc: 'security.md',
    section: 'Nothing left behind: the clipboard',
    says: /waits (\d+) seconds for a page to hold the\s+guard again/,
    unit: SECOND,
    code: 'CLIPBOARD_REJOIN_MS (src/background/clipboard/guard.ts)',
    value: CLIPBOARD_REJOIN_MS,
  },
  {
    what: 'how long a refused clipboard clear waits before it is tried once more',
    doc: 'security.md',
    section: 'Nothing left behind: the clipboard',
    says: /a refused\s+clear is tried once more (\d+) ms later/,
    code: 'CLIPBOARD_RETRY_MS (src/background/clipboard/guard.ts)',
    value: CLIPBOARD_RETRY_MS,
  },
  {
    what: 'the memo cap',
    doc: 'security.md',
    section: 'Risk rules',
    says: /`INTENT_TEXT_LIMITS` in `src\/core\/intents.ts`: memo (\d(?:[\d,]*\d)?)/,
    code: 'INTENT_TEXT_LIMITS.memo',
    value: INTENT_TEXT_LIMITS.memo,
  },
  {
    what: 'the msg cap',
    doc: 'security.md',
    section: 'Risk rules',
    says: /memo [\d,]+, msg and state_init (\d(?:[\d,]*\d)?)/,
    code: 'INTENT_TEXT_LIMITS.msg',
    value: INTENT_TEXT_LIMITS.msg,
  },
  {
    what: 'the state_init cap',
    doc: 'security.md',
    section: 'Risk rules',
    says: /memo [\d,]+, msg and state_init (\d(?:[\d,]*\d)?)/,
    code: 'INTENT_TEXT_LIMITS.stateInit',
    value: INTENT_TEXT_LIMITS.stateInit,
  },
  {
    what: 'the account id cap',
    doc: 'security.md',
    section: 'Risk rules',
    says: /msg and state_init [\d,]+, account ids (\d+)/,
    code: 'INTENT_TEXT_LIMITS.accountId',
    value: INTENT_TEXT_LIMITS.accountId,
  },
  {
    what: 'the storage deposit that is danger',
    doc: 'security.md',
    section: 'Risk rules',
    says: /a storage deposit above ([\d.]+) NEAR/,
    unit: near,
    code: 'STORAGE_DEPOSIT_CAP_YOCTO (src/core/risk.ts)',
    value: STORAGE_DEPOSIT_CAP_YOCTO,
  },
  {
    what: 'the deadline that is danger',
    doc: 'security.md',
    section: 'Risk rules',
    says: /a deadline more than (\d+) hours away/,
    unit: HOUR,
    code: 'DANGER_DEADLINE_MS (src/core/risk.ts)',
    value: DANGER_DEADLINE_MS,
  },
  {
    what: 'the deadline that is a warning',
    doc: 'security.md',
    section: 'Risk rules',
    says: /\((\d+)–\d+ hours: warning\)/,
    unit: HOUR,
    ...pkg('src/core/risk.ts', 'DEFAULT_MAX_DEADLINE_MS'),
  },
  {
    what: 'the PBKDF2 iterations',
    doc: 'security.md',
    section: 'Keys at rest and in memory',
    says: /PBKDF2-SHA256 \((\d(?:[\d,]*\d)?) iterations/,
    code: 'DEFAULT_ITERATIONS (src/vault/record.ts)',
    value: DEFAULT_ITERATIONS,
  },
  {
    what: 'the auto-lock default',
    doc: 'security.md',
    section: 'Keys at rest and in memory',
    says: /auto-lock after (\d+) idle minutes/,
    code: 'DEFAULT_AUTO_LOCK_MINUTES (src/background/wallet/presets.ts)',
    value: DEFAULT_AUTO_LOCK_MINUTES,
  },
];

const DECISIONS: Claim[] = [
  {
    what: 'the salt cache',
    doc: 'decisions.md',
    section: 'Versioned nonces',
    says: /current salt \(cached at most (\d+) minutes/,
    unit: MINUTE,
    code: 'SALT_TTL_MS (src/background/signing/salt.ts)',
    value: SALT_TTL_MS,
  },
  {
    what: 'the storage deposit that is danger',
    doc: 'decisions.md',
    section: 'Risk policy',
    says: /a storage deposit above ([\d.]+) NEAR/,
    unit: near,
    code: 'STORAGE_DEPOSIT_CAP_YOCTO (src/core/risk.ts)',
    value: STORAGE_DEPOSIT_CAP_YOCTO,
  },
  {
    what: 'the deadline that is danger',
    doc: 'decisions.md',
    section: 'Risk policy',
    says: /Deadlines more than (\d+) hours away/,
    unit: HOUR,
    code: 'DANGER_DEADLINE_MS (src/core/risk.ts)',
    value: DANGER_DEADLINE_MS,
  },
  {
    what: 'the background size budget',
    doc: 'decisions.md',
    says: /## Background size budget: (\d+) kB gzip/,
    ...bench(SIZE, 'background, gzip'),
  },
  {
    what: 'the background size budget',
    doc: 'decisions.md',
    section: 'Background size budget: 80 kB gzip',
    says: /It moved to (\d+) kB when the worker learned/,
    ...bench(SIZE, 'background, gzip'),
  },
  {
    what: 'the growth gate per stored swap',
    doc: 'decisions.md',
    section: 'Unlimited storage',
    says: /holds the growth to ≤ (\d+) kB per stored swap/,
    unit: KB,
    ...bench(SCALE_BROWSER, 'storage.local bytes per stored swap'),
  },
  {
    what: 'the popup gate',
    doc: 'decisions.md',
    section: 'Budgets as ratios',
    says: /The popup and the approval window are gated at ([\d.]+) ×/,
    ...bench(BROWSER, 'popup ready ÷ blank extension page DOMContentLoaded'),
  },
  {
    what: 'the approval window gate',
    doc: 'decisions.md',
    section: 'Budgets as ratios',
    says: /The popup and the approval window are gated at ([\d.]+) ×/,
    ...bench(BROWSER, 'dApp request → approval window ready ÷ same request → blank window'),
  },
  {
    what: "the popup's first-render budget",
    doc: 'decisions.md',
    section: 'Hand-written codecs',
    says: /the popup's first render ≤ (\d+) kB gzip/,
    ...bench(SIZE, 'popup JS to first render, gzip'),
  },
  {
    what: 'the background size budget',
    doc: 'decisions.md',
    section: 'Hand-written codecs',
    says: /the background ≤ (\d+) kB/,
    ...bench(SIZE, 'background, gzip'),
  },
  {
    what: 'the Confirm delay',
    doc: 'decisions.md',
    section: 'Budgets as ratios',
    says: /Confirm itself unlocks (\d+) ms later/,
    code: 'CONFIRM_DELAY_MS (src/ui/approve/view.ts)',
    value: CONFIRM_DELAY_MS,
  },
];

const PROTOCOL_AND_SERVICES: Claim[] = [
  {
    what: 'the default intent deadline',
    doc: 'protocol.md',
    section: 'The intent payload',
    says: /Default: now \+ (\d+) minutes/,
    unit: MINUTE,
    code: 'DEFAULT_DEADLINE_MS (src/background/signing/signer.ts)',
    value: DEFAULT_DEADLINE_MS,
  },
  {
    what: 'the salt cache',
    doc: 'protocol.md',
    section: 'Nonces',
    says: /caches the salt for at most (\d+) minutes/,
    unit: MINUTE,
    code: 'SALT_TTL_MS (src/background/signing/salt.ts)',
    value: SALT_TTL_MS,
  },
  {
    what: 'how long a used versioned nonce is kept',
    doc: 'protocol.md',
    section: 'Nonces',
    says: /Versioned entries are dropped (a day) after their deadline/,
    unit: DAY,
    ...pkg('src/background/signing/nonces.ts', 'KEEP_AFTER_DEADLINE_MS'),
  },
  {
    what: 'the used nonces kept per signer',
    doc: 'protocol.md',
    section: 'Nonces',
    says: /holds at most (\d(?:[\d,]*\d)?) entries per signer/,
    ...pkg('src/background/signing/nonces.ts', 'MAX_PER_SIGNER'),
  },
  {
    what: 'the memo cap',
    doc: 'protocol.md',
    section: 'Intent types',
    says: /`INTENT_TEXT_LIMITS`: memo (\d(?:[\d,]*\d)?)/,
    code: 'INTENT_TEXT_LIMITS.memo',
    value: INTENT_TEXT_LIMITS.memo,
  },
  {
    what: 'the msg cap',
    doc: 'protocol.md',
    section: 'Intent types',
    says: /memo [\d,]+, msg (\d(?:[\d,]*\d)?)/,
    code: 'INTENT_TEXT_LIMITS.msg',
    value: INTENT_TEXT_LIMITS.msg,
  },
  {
    what: 'the account id cap',
    doc: 'protocol.md',
    section: 'Intent types',
    says: /msg [\d,]+, account id (\d+)/,
    code: 'INTENT_TEXT_LIMITS.accountId',
    value: INTENT_TEXT_LIMITS.accountId,
  },
  {
    what: 'pips in 100%',
    doc: 'protocol.md',
    section: 'Fees and the token_diff invariant',
    says: /(\d(?:[\d,]*\d)?) = 100 %/,
    code: 'PIPS_MAX (src/core/fees.ts)',
    value: Number(PIPS_MAX),
  },
  {
    what: 'the timeout per attempt',
    doc: 'services.md',
    says: /a (\d+) s timeout per attempt/,
    unit: SECOND,
    code: 'DEFAULT_RETRY_POLICY.timeoutMs (src/core/http.ts)',
    value: DEFAULT_RETRY_POLICY.timeoutMs,
  },
  {
    what: 'the retries',
    doc: 'services.md',
    says: /up to (\d+) retries with exponential backoff/,
    code: 'DEFAULT_RETRY_POLICY.retries (src/core/http.ts)',
    value: DEFAULT_RETRY_POLICY.retries,
  },
  {
    what: 'the first backoff',
    doc: 'services.md',
    says: /exponential backoff \((\d+) ms doubling/,
    code: 'DEFAULT_RETRY_POLICY.backoffMs (src/core/http.ts)',
    value: DEFAULT_RETRY_POLICY.backoffMs,
  },
  {
    what: 'the longest backoff',
    doc: 'services.md',
    says: /ms doubling, at most (\d+) s/,
    unit: SECOND,
    code: 'DEFAULT_RETRY_POLICY.maxBackoffMs (src/core/http.ts)',
    value: DEFAULT_RETRY_POLICY.maxBackoffMs,
  },
  {
    what: 'the token list cache',
    doc: 'services.md',
    section: 'The swap service',
    says: /the list is cached (\d+) minutes per URL/,
    unit: MINUTE,
    ...pkg('src/background/tokens/facts.ts', 'LIST_TTL_MS'),
  },
  {
    what: "the tracker's fast interval",
    doc: 'services.md',
    section: 'The swap service',
    says: /every (\d+) s for \d+ minutes after a change/,
    unit: SECOND,
    ...pkg('src/background/swaps/records.ts', 'FAST_MS'),
  },
  {
    what: "the tracker's slowest interval",
    doc: 'services.md',
    section: 'The swap service',
    says: /a tenth of the time since, at most (\d+) s/,
    unit: SECOND,
    ...pkg('src/background/swaps/records.ts', 'SLOW_MS'),
  },
  {
    what: 'the checks per tracker alarm',
    doc: 'services.md',
    section: 'The swap service',
    says: /One alarm checks at most (\d+) swaps/,
    code: 'CHECKS_PER_TICK (src/background/swaps/records.ts)',
    value: CHECKS_PER_TICK,
  },
  {
    what: "the tracker's backlog gap",
    doc: 'services.md',
    section: 'The swap service',
    says: /the rest are taken up (\d+) s later/,
    unit: SECOND,
    code: 'BACKLOG_GAP_MS (src/background/swaps/records.ts)',
    value: BACKLOG_GAP_MS,
  },
  {
    what: "an ANY_INPUT swap's check interval",
    doc: 'services.md',
    section: 'ANY_INPUT',
    says: /checks an ANY_INPUT swap at most every (\d+) s/,
    unit: SECOND,
    code: 'ANY_INPUT_POLL_MS (src/background/swaps/anyInput.ts)',
    value: ANY_INPUT_POLL_MS,
  },
  {
    what: 'the ANY_INPUT withdrawals page the wallet asks for',
    doc: 'services.md',
    section: 'ANY_INPUT',
    says: /up to (\d+) a page/,
    ...pkg('src/background/swaps/anyInput.ts', 'PAGE'),
  },
  {
    what: 'the tokens per balance view',
    doc: 'services.md',
    section: 'Home: balances, receive, send, withdraw',
    says: /goes out as batches of (\d+)/,
    code: 'BATCH (src/background/wallet/balances.ts)',
    value: BATCH,
  },
  {
    what: 'the published intents kept',
    doc: 'services.md',
    section: 'Activity',
    says: /The newest (\d+) are kept/,
    code: 'PUBLISHED_LIMIT (src/background/activity/published.ts)',
    value: PUBLISHED_LIMIT,
  },
  {
    what: 'the intents Activity follows per page',
    doc: 'services.md',
    section: 'Activity',
    says: /asks the bus about at most (\d+) unfinished intents/,
    code: 'REFRESH_PER_PAGE (src/background/activity/merge.ts)',
    value: REFRESH_PER_PAGE,
  },
  {
    what: "Activity's pause between asks",
    doc: 'services.md',
    section: 'Activity',
    says: /not again within (\d+) s/,
    unit: SECOND,
    ...pkg('src/background/activity/merge.ts', 'REFRESH_AFTER_MS'),
  },
  {
    what: "Activity's wait for the bus",
    doc: 'services.md',
    section: 'Activity',
    says: /waiting ([\d.]+) s at most/,
    unit: SECOND,
    ...pkg('src/background/activity/merge.ts', 'REFRESH_WAIT_MS'),
  },
  {
    what: "a service-written payment's latest deadline",
    doc: 'services.md',
    section: 'Paying a swap from the intents account',
    says: /a deadline within the next (hour)/,
    unit: HOUR,
    ...pkg('src/background/swaps/paymentCheck.ts', 'MAX_PAYMENT_DEADLINE_MS'),
  },
];

const INTERFACE: Claim[] = [
  {
    what: 'the largest transactions page',
    doc: 'interface.md',
    section: 'Limits',
    says: /\| transactions page \| 1–(\d(?:[\d,]*\d)?) rows/,
    code: 'PAGE_SIZES, largest (src/ui/historyQuery.ts)',
    value: Math.max(...PAGE_SIZES.map(Number)),
  },
  {
    what: 'the default transactions page',
    doc: 'interface.md',
    section: 'Limits',
    says: /\| transactions page \| 1–[\d,]+ rows, default (\d+)/,
    code: 'DEFAULT_PAGE_SIZE (src/ui/historyQuery.ts)',
    value: Number(DEFAULT_PAGE_SIZE),
  },
  {
    what: 'the largest transactions page',
    doc: 'interface.md',
    section: 'Transactions query',
    says: /\| `numberOfTransactions` \| 1–(\d(?:[\d,]*\d)?), default \d+/,
    code: 'PAGE_SIZES, largest (src/ui/historyQuery.ts)',
    value: Math.max(...PAGE_SIZES.map(Number)),
  },
  {
    what: 'the ANY_INPUT withdrawals page',
    doc: 'interface.md',
    section: 'Limits',
    says: /\| ANY_INPUT withdrawals page \| at most (\d+)/,
    ...pkg('src/sim/oneclick/anyInputRoutes.ts', 'MAX_LIMIT'),
  },
  {
    what: 'the ANY_INPUT withdrawals page the wallet asks for',
    doc: 'interface.md',
    section: 'Swap service: ANY_INPUT withdrawals',
    says: /`limit` is at most (\d+)/,
    ...pkg('src/background/swaps/anyInput.ts', 'PAGE'),
  },
  {
    what: "the bus's wait for solver quotes",
    doc: 'interface.md',
    section: 'Limits',
    says: /\| bus `quote` wait \| at most (\d+) ms/,
    ...pkg('src/sim/bus/quote.ts', 'BUS_WAIT_MS'),
  },
  {
    what: "the bus's wait for solver quotes",
    doc: 'interface.md',
    section: 'Message bus: quote',
    says: /the bus waits for them at most (\d+) ms/,
    ...pkg('src/sim/bus/quote.ts', 'BUS_WAIT_MS'),
  },
  {
    what: 'the default min_deadline_ms',
    doc: 'interface.md',
    section: 'Limits',
    says: /\| `min_deadline_ms` default \| (\d+) ms/,
    ...pkg('src/sim/bus/quote.ts', 'DEFAULT_MIN_DEADLINE_MS'),
  },
  {
    what: 'the default min_deadline_ms',
    doc: 'interface.md',
    section: 'Message bus: quote',
    says: /default (\d+); shorter may price better/,
    ...pkg('src/sim/bus/quote.ts', 'DEFAULT_MIN_DEADLINE_MS'),
  },
  {
    what: 'the platform fee without a JWT',
    doc: 'interface.md',
    section: 'Limits',
    says: /\| platform fee without a JWT \| ([\d.]+)% of the input/,
    unit: 100,
    ...pkg('src/sim/oneclick/quote.ts', 'PLATFORM_FEE_BPS'),
  },
  {
    what: 'pips in 100%',
    doc: 'interface.md',
    section: 'Ledger RPC: views',
    says: /the fee in pips \((\d(?:[\d,]*\d)?) = 100%\)/,
    code: 'PIPS_MAX (src/core/fees.ts)',
    value: Number(PIPS_MAX),
  },
];

function check(claim: Claim): void {
  const where = `docs/${claim.doc}${claim.section ? `, "${claim.section}"` : ''}`;
  const matches = [...sectionText(claim.doc, claim.section).matchAll(new RegExp(claim.says.source, 'g'))];
  if (matches.length === 0) {
    throw new Error(
      `${where} no longer states ${claim.what} in a sentence matching ${claim.says}: if the sentence was reworded, update the pattern in this test; if the number was dropped, drop the claim`,
    );
  }
  for (const m of matches) {
    const text = m[1]!;
    const unit = claim.unit ?? 1;
    const stated =
      typeof unit === 'function'
        ? unit(text)
        : typeof claim.value === 'bigint'
          ? BigInt(docNumber(text)) * BigInt(unit)
          : docNumber(text) * unit;
    expect(
      stated,
      `${where} says ${claim.what} is "${m[0]}", but ${claim.code} is ${claim.value}: change the doc or the code so that they agree`,
    ).toEqual(claim.value);
  }
}

const title = (c: Claim) => `${c.what}: ${c.code}`;
describe('docs/architecture.md', () => {
  it.each(ARCHITECTURE.map((c) => [title(c), c] as const))('%s', (_, c) => check(c));
  it.each(GATES.map((g) => [g.row, g] as const))('Budgets: the gate of "%s" is the bench\'s', (_, { row, gates }) => {
    const cell = tableRow('architecture.md', 'Budgets', row)[1]!;
    const stated = [...cell.matchAll(/≤ ([\d.,]+) ?(kB)?/g)].map((m) => docNumber(m[1]!));
    expect(
      stated.length,
      `docs/architecture.md, "Budgets": the row "${row}" states ${stated.length} gates ("${cell}"), the bench has ${gates.length}`,
    ).toBe(gates.length);
    for (const [i, g] of gates.entries()) {
      expect(
        stated[i]! * (g.unit ?? 1),
        `docs/architecture.md, "Budgets": the row "${row}" says ≤ ${stated[i]}, but ${g.code} gates at ${g.value}`,
      ).toBe(g.value);
    }
  });
  it('Budgets: "one view for up to N tokens" is the balances batch', () => {
    const cell = tableRow('architecture.md', 'Budgets', "Home's balances with 150 tokens")[1]!;
    const m = /one view for up to (\d+) tokens/.exec(cell);
    expect(
      m,
      `docs/architecture.md, "Budgets": the balances row no longer says "one view for up to N tokens" ("${cell}")`,
    ).not.toBeNull();
    expect(
      docNumber(m![1]!),
      `docs/architecture.md, "Budgets" says one view takes up to ${m![1]} tokens, but BATCH (src/background/wallet/balances.ts) is ${BATCH}`,
    ).toBe(BATCH);
  });
});
describe('docs/security.md', () => it.each(SECURITY.map((c) => [title(c), c] as const))('%s', (_, c) => check(c)));
describe('docs/decisions.md', () => it.each(DECISIONS.map((c) => [title(c), c] as const))('%s', (_, c) => check(c)));
describe('docs/protocol.md and docs/services.md', () =>
  it.each(PROTOCOL_AND_SERVICES.map((c) => [title(c), c] as const))('%s', (_, c) => check(c)));
describe('docs/interface.md', () => it.each(INTERFACE.map((c) => [title(c), c] as const))('%s', (_, c) => check(c)));

describe('the checker', () => {
  // A claim that cannot fail would hold nothing: a doc number off by one and a reworded sentence both fail.
  const base = ARCHITECTURE[0]!;
  it('fails when the doc and the constant disagree, naming both', () => {
    expect(() => check({ ...base, value: CONFIRM_DELAY_MS + 1 })).toThrow(
      /says the Confirm delay is "in a visible and focused window, for 800 ms", but CONFIRM_DELAY_MS .* is 801/,
    );
  });
  it('fails when no sentence matches any more', () => {
    expect(() => check({ ...base, says: /Confirm arms after (\d(?:[\d,]*\d)?) fortnights/ })).toThrow(
      /no longer states the Confirm delay/,
    );
  });
  it('reads the numbers as the docs write them', () => {
    expect([
      docNumber('900,000'),
      docNumber('16,384'),
      docNumber('three'),
      docNumber('a hundred'),
      docNumber('2.5'),
    ]).toEqual([900_000, 16_384, 3, 100, 2.5]);
    expect(near('0.05')).toBe(50_000_000_000_000_000_000_000n);
    expect(() => docNumber('9000,00')).toThrow(/not a number/);
  });
});
