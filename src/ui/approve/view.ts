// Pure helpers of the approval window: risk gating, the Confirm delay, deadline words and labels.
// No DOM, no clock: the components pass `now` in, so all of this is unit-tested.
// The window imports the core modules it uses, not the core index: the index also brings the curve and
// hash code the window never runs, which it would load and compile before its first screen.

import type {
  ApprovalKind,
  ApprovalView,
  ApprovalViewWire,
  FindingView,
  IntentsPreview,
  MessagePreview,
  OriginView,
  RiskLevelView,
} from '../../api/approvalApi';
import { assessMessage } from '../../core/messageRisk';
import { phrase } from '../../core/phrase';
import { hasHiddenCharacters, visibleText } from '../../core/visibleText';
import { readableDecimal } from '../amountText';
import { relativeTime } from '../format';
import { t } from '../i18n';
import { said } from '../phrase';

/**
 * Confirm stays disabled until what it would act on has been shown in the window, visible and focused,
 * this long without a break (docs/security.md, "What the window shows").
 */
export const CONFIRM_DELAY_MS = 800;

/**
 * What Confirm would act on, as a key: the Confirm delay starts again whenever it changes. A request
 * newly shown, an unlock that shows it, a changed payload, preview, finding or block each change it;
 * how many others wait does not, nor, for a connect request, the accounts offered (which to grant is the
 * user's own choice in the window, not something to read first).
 */
export function confirmSubject(view: ApprovalView): string {
  if (view.locked) return JSON.stringify([view.id, 'locked']);
  if (view.kind === 'connect') return JSON.stringify([view.id, view.origin.origin, view.blocked]);
  const { waiting: _waiting, ...shown } = view;
  return JSON.stringify(shown);
}

const LEVEL_RANK: Record<RiskLevelView, number> = { info: 0, warning: 1, danger: 2, forbidden: 3 };

export const levelLabel = (level: RiskLevelView): string => t(`risk_level_${level}`);

/** The most severe level present, or null when there is none. */
export function highestLevel(levels: Iterable<RiskLevelView | null | undefined>): RiskLevelView | null {
  let top: RiskLevelView | null = null;
  for (const level of levels) {
    if (level && (top === null || LEVEL_RANK[level] > LEVEL_RANK[top])) top = level;
  }
  return top;
}

/** Every finding of a preview: the batch's, then each intent's in order. */

export function allFindings(preview: IntentsPreview): FindingView[] {
  return [...preview.batchFindings, ...preview.intents.flatMap((i) => i.findings)];
}

export interface RiskGate {
  /** Why the request can never be approved as it stands (forbidden), or null. */
  blocked: string | null;
  /** Confirm needs the "I understand the risk" tick (sent as acknowledgeDanger). */
  needsAck: boolean;
}

/**
 * What the risk allows. `blocked` from the background wins; a forbidden finding blocks even if the
 * background forgot to say so (the window never trusts one field alone). A message addressed to the
 * verifier is treated as danger: it may be an intent in disguise; so is one for another site.
 */
export function riskGate(view: ApprovalView): RiskGate {
  const gate = intentsGate(view.intents, view.blocked);
  const message = view.message;
  const risky =
    message !== undefined &&
    (message.recipientIsVerifier || messageFindings(message, view.origin.origin).some((f) => f.level === 'danger'));
  return { ...gate, needsAck: gate.needsAck || (!gate.blocked && risky) };
}

/** Blocked by a forbidden finding, or needing the acknowledgement of a danger (the window and the popup). */
export function intentsGate(preview: IntentsPreview | undefined, blockedBefore: string | null = null): RiskGate {
  const findings = preview ? allFindings(preview) : [];
  const level = highestLevel([preview?.level, ...findings.map((f) => f.level)]);
  let blocked = blockedBefore;
  if (!blocked && level === 'forbidden') {
    const reasons = findings.filter((f) => f.level === 'forbidden').map((f) => said(f.words));
    blocked = reasons.length > 0 ? reasons.join(' ') : t('approve_forbiddenFound');
  }
  return { blocked, needsAck: !blocked && level === 'danger' };
}

export interface HoldInput {
  kind: ApprovalKind;
  gate: RiskGate;
  acknowledged: boolean;
  /** connect: how many accounts are ticked. */
  selectedAccounts: number;
  /** The window is visible and focused right now. */
  focused: boolean;
  /** Left of the Confirm delay (0 = armed). */
  readyInMs: number;
  /** The intents' deadline (their quotes' lifetime) has passed. */
  expired?: boolean;
}

/** Why Confirm is disabled right now, in words for its hint; null when it may be clicked. */
export function confirmHold(i: HoldInput): string | null {
  if (i.gate.blocked) return t('approve_hold_blocked');
  if (i.expired) return t('approve_hold_expired');
  if (i.kind === 'connect' && i.selectedAccounts === 0) return t('approve_hold_account');
  if (i.gate.needsAck && !i.acknowledged) return t('approve_hold_ack');
  if (!i.focused) return t('approve_hold_focus');
  if (i.readyInMs > 0) return t('approve_hold_wait', readableDecimal((Math.ceil(i.readyInMs / 100) / 10).toFixed(1)));
  return null;
}

/**
 * The Confirm delay as a pure step: `since` is when the window became visible and focused (null while
 * it is not). Any moment without focus starts the count again.
 */
export function trackFocus(since: number | null, focused: boolean, now: number): number | null {
  if (!focused) return null;
  return since ?? now;
}

export function remainingMs(since: number | null, now: number, delayMs: number = CONFIRM_DELAY_MS): number {
  if (since === null) return delayMs;
  return Math.max(0, delayMs - (now - since));
}

export interface DeadlineView {
  /** Unix ms, or null when the string is not a date (then show it as it is). */
  ms: number | null;
  /** "in 4 minutes", "expired 2 minutes ago", or the string itself when it is not a date. */
  relative: string;
  expired: boolean;
}

export function deadlineView(rfc3339: string, now: number): DeadlineView {
  const ms = Date.parse(rfc3339);
  if (Number.isNaN(ms)) return { ms: null, relative: rfc3339, expired: false };
  const expired = ms <= now;
  return { ms, relative: expired ? t('approve_expiredAgo', relativeTime(ms, now)) : relativeTime(ms, now), expired };
}

/** The nonce's kind in words, and why a legacy one is a concern. */
export function nonceText(kind: IntentsPreview['nonceKind']): { label: string; reason: string | null } {
  return kind === 'legacy'
    ? { label: t('approve_nonce_legacy'), reason: t('approve_nonce_legacyWhy') }
    : { label: t('approve_nonce_versioned'), reason: null };
}

export function standardText(standard: IntentsPreview['standard']): string {
  if (standard === 'nep413') return t('approve_standard_nep413');
  return standard === 'webauthn' ? t('approve_standard_webauthn') : t('approve_standard_raw');
}

/** The request kinds this window knows. */
const KINDS: ReadonlySet<string> = new Set<ApprovalKind>(['connect', 'signMessage', 'signIntents', 'publishIntents']);

export const kindLabel = (kind: ApprovalKind): string => t(`approve_kind_${kind}`);

export function confirmLabel(kind: ApprovalKind): { idle: string; busy: string } {
  if (kind === 'connect') return { idle: t('approve_confirm_connect'), busy: t('approve_confirm_connecting') };
  const idle = kind === 'publishIntents' ? t('approve_confirm_signPublish') : t('approve_confirm_sign');
  return { idle, busy: t('approve_confirm_signing') };
}

const INTENT_TYPES = [
  'token_diff',
  'transfer',
  'ft_withdraw',
  'nft_withdraw',
  'mt_withdraw',
  'native_withdraw',
  'storage_deposit',
  'add_public_key',
  'remove_public_key',
  'set_auth_by_predecessor_id',
  'auth_call',
] as const;
const isIntentType = (type: string): type is (typeof INTENT_TYPES)[number] =>
  (INTENT_TYPES as readonly string[]).includes(type);

/** An intent type's name; one this window does not know is shown as the type itself. */
export function intentLabel(type: string): string {
  return isIntentType(type) ? t(`approve_intent_${type}`) : type;
}

/** "1 intent" / "3 intents". */
export const intentCount = (n: number): string =>
  n === 1 ? t('approve_intentCount_one', String(n)) : t('approve_intentCount_many', String(n));

/** A light shape check of what approval_current answers: enough that rendering cannot crash. */
/** The background's answer has the shape this window reads (the origin still a string: see ApprovalViewWire). */
export function isApprovalViewWire(value: unknown): value is ApprovalViewWire {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return (
    typeof v.id === 'string' &&
    typeof v.kind === 'string' &&
    KINDS.has(v.kind) &&
    typeof v.origin === 'string' &&
    typeof v.waiting === 'number' &&
    typeof v.locked === 'boolean' &&
    typeof v.network === 'object' &&
    v.network !== null &&
    typeof (v.network as Record<string, unknown>).id === 'string' &&
    typeof (v.network as Record<string, unknown>).label === 'string' &&
    typeof (v.network as Record<string, unknown>).verifierId === 'string'
  );
}

// ---- Page-supplied text: hidden characters are shown as escapes (core visibleText), never as they are.

/** The same code and words as the background's per-intent finding, for what the window checks itself. */
export const HIDDEN_CHARACTERS_FINDING: FindingView = {
  level: 'warning',
  code: 'hidden_characters',
  words: phrase('risk_hiddenCharacters'),
};

/**
 * A sign-message request's findings as shown: the background's (it enforces them), the same rule run
 * here on what the window shows, `origin` asking (core assessMessage: a recipient or callback URL of
 * another site; the window never relies on one check), and hidden characters in anything the page chose.
 */
export function messageFindings(message: MessagePreview, origin: string): FindingView[] {
  const said = message.findings ?? [];
  const own = assessMessage({ origin, recipient: message.recipient, callbackUrl: message.callbackUrl }).filter(
    (f) => !said.some((s) => s.code === f.code),
  );
  const hidden =
    hasHiddenCharacters(message.message, { multiline: true }) ||
    [message.recipient, message.callbackUrl ?? '', message.nonce].some((s) => hasHiddenCharacters(s));
  return [
    ...said,
    ...own.map(({ level, code, words }) => ({ level, code, words })),
    ...(hidden ? [HIDDEN_CHARACTERS_FINDING] : []),
  ];
}

/**
 * The batch findings as shown: the background's, plus the hidden-characters warning when the exact
 * payload holds such characters and no finding says so yet (the window never relies on one check).
 */
export function shownBatchFindings(preview: IntentsPreview): FindingView[] {
  const said = allFindings(preview).some((f) => f.code === HIDDEN_CHARACTERS_FINDING.code);
  return !said && hasHiddenCharacters(preview.raw, { multiline: true })
    ? [...preview.batchFindings, HIDDEN_CHARACTERS_FINDING]
    : preview.batchFindings;
}

/** An escape that visibleText wrote (`\u202E`, `\u{E0041}`), to be set apart in the window. */
const ESCAPE = /\\u\{[0-9A-F]+\}|\\u[0-9A-F]{4}/g;

export interface TextPart {
  text: string;
  /** An escape standing for a hidden character (or a page that typed one: harmless, and visible). */
  escape: boolean;
}

/** Text made visible and cut into plain runs and escapes, so the window can mark each escape. */
export function visibleParts(text: string, multiline = false): TextPart[] {
  const shown = visibleText(text, { multiline });
  const parts: TextPart[] = [];
  let last = 0;
  for (const m of shown.matchAll(ESCAPE)) {
    if (m.index > last) parts.push({ text: shown.slice(last, m.index), escape: false });
    parts.push({ text: m[0], escape: true });
    last = m.index + m[0].length;
  }
  if (last < shown.length || parts.length === 0) parts.push({ text: shown.slice(last), escape: false });
  return parts;
}

export interface OriginHeading {
  /** The big heading: the host exactly as the browser reported it (`xn--` form for an IDN). */
  heading: string;
  /** The decoded Unicode form, shown beneath and flagged; null when there is none to show. */
  unicode: string | null;
  /** none: a plain ASCII name; idn: internationalised, decoded; invalid: an `xn--` label that is not valid punycode. */
  idn: 'none' | 'idn' | 'invalid';
}

export function originHeading(origin: OriginView): OriginHeading {
  const heading = visibleText(origin.host);
  if (!origin.punycode) return { heading, unicode: null, idn: 'none' };
  const unicode = origin.unicodeHost === undefined ? null : visibleText(origin.unicodeHost);
  return { heading, unicode, idn: unicode === null ? 'invalid' : 'idn' };
}
