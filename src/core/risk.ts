/**
 * Risk findings for a payload before it is signed (docs/security.md, "Risk rules").
 * Levels: forbidden (never sign: the verifier would refuse it, or a web page may not ask for it),
 * danger (money can be lost: needs an explicit acknowledgement), warning, info.
 *
 * Value leaving the signer: every intent that moves value to an account other than the signer is at
 * least danger. Nothing else in the payload "matches" it: a token_diff receive happens only if a
 * counterparty's intent settles it, and it can be paid for with other tokens of the same batch, so
 * it never makes a transfer or withdrawal safe (a transfer of 10 USDC next to a diff of
 * -100 wNEAR/+10 USDC gives away 100 wNEAR). The only receive that matches is the signer itself
 * being the receiver. Bridge withdrawals (receiver_id is the token's own contract, destination in
 * the memo) send value to an address on another chain that the wallet cannot tie to the user: danger
 * when a page asks, warning when the wallet's own pages built the memo. A transfer the person typed in
 * the wallet's own pages (origin null: the background's word, never a page's) is a fact, not danger;
 * what is dangerous whoever asks (a disputed token, a far deadline, a withdrawal with a message) stays so.
 * Over 300 lines on purpose: one table of rules, each judged against the same payload view.
 */

import { formatUnits } from './amounts';
import { parseDeadlineNs } from './deadline';
import { errorText } from './errorText';
import { unmatchedDeltas } from './fees';
import type { Intent, IntentOf } from './intents';
import { KEY_MANAGEMENT_INTENTS, tokenIdsOf } from './intents';
import { networkText } from './network';
import { checkNonceDeadline, type DecodedNonce, decodeNonce } from './nonce';
import type { IntentPayload } from './payload';
import { formatTokenAmount, type TokenTable } from './tokens';
import { containsHiddenCharacters } from './visibleText';

export type RiskLevel = 'forbidden' | 'danger' | 'warning' | 'info';
export const RISK_LEVELS: readonly RiskLevel[] = ['forbidden', 'danger', 'warning', 'info'];

export interface RiskFinding {
  level: RiskLevel;
  code: string;
  message: string;
  /** Index into payload.intents, absent for findings about the whole batch. */
  intentIndex?: number;
}

/**
 * What the wallet knows of an account a payload transfers to: one of its own, one the signer sent to
 * from the popup before, or never; and the name the person saved it under, if any (a saved contact).
 */
export interface ReceiverKnowledge {
  fact: 'own' | 'sentBefore' | 'firstTime';
  contact: string | null;
}

export interface RiskContext {
  now: Date;
  /** The configured verifier account (docs/decisions.md, "Verifier account"). */
  verifierId: string;
  /** The web origin asking, or null for the wallet's own pages. */
  origin: string | null;
  /**
   * The account the request may sign as (for a page: an account it was granted); a different
   * signer_id is forbidden. A web page's request without it is forbidden too (never unchecked).
   */
  expectedSignerId?: string;
  /**
   * The nonce came with the request (a page's) rather than being made by the wallet. The wallet
   * always makes versioned nonces, so a legacy one is the page's; absent counts as true.
   */
  nonceFromPage?: boolean;
  /** Verifier fee in pips (from `fee()` or `simulate_intents().state.fee`); default 0. */
  feePips?: number;
  /** Current salt (hex8) from `current_salt`; a different salt may still be valid, so it only warns. */
  currentSalt?: string;
  /** A deadline further away than this warns (default one hour). */
  maxDeadlineMs?: number;
  /** Solver counter-diffs bundled by quote hashes; with them the batch invariant is checked. */
  counterpartyDiffs?: readonly Record<string, string>[];
  /** Tokens whose decimals and symbol are confirmed (./tokenFacts); others are worded as raw units. */
  tokens?: TokenTable;
  /**
   * Asset id → what the swap service and the second source (the wallet's table, the token's contract)
   * disagree about. Every such token the payload names is danger (docs/security.md, "Token facts").
   */
  disputedTokens?: ReadonlyMap<string, string>;
  /**
   * What the wallet knows of each account the payload transfers to. For a site's request a saved contact
   * is a caution naming it, and an account never sent to is danger worded as the first time; without it
   * every transfer to another account is danger.
   */
  receivers?: ReadonlyMap<string, ReceiverKnowledge>;
}

export interface RiskReport {
  /** Highest level found, or null when nothing was found. */
  level: RiskLevel | null;
  findings: RiskFinding[];
  perIntent: RiskFinding[][];
  batch: RiskFinding[];
}

const DEFAULT_MAX_DEADLINE_MS = 60 * 60 * 1000;
/** A signature valid for more than a day can be held back and used long after the user forgot it. */
export const DANGER_DEADLINE_MS = 24 * 60 * 60 * 1000;
/**
 * Storage deposits up to this are routine (a NEP-141 registration costs 0.00125 NEAR, an NFT/MT
 * contract's a few times that); above it the deposit is money given away for good: 0.05 NEAR.
 */
export const STORAGE_DEPOSIT_CAP_YOCTO = 50_000_000_000_000_000_000_000n;

export function assessIntents(payload: IntentPayload, context: RiskContext): RiskReport {
  const batch: RiskFinding[] = [];
  const perIntent: RiskFinding[][] = payload.intents.map(() => []);
  const tokens = context.tokens ?? new Map();
  const add = (f: RiskFinding) => (f.intentIndex === undefined ? batch : perIntent[f.intentIndex]!).push(f);

  assessEnvelope(payload, context, add);
  for (const [i, intent] of payload.intents.entries()) assessIntent(intent, i, payload, context, add);
  assessOrdering(payload.intents, add);
  assessBalance(payload.intents, context, tokens, add);
  assessTokenFacts(payload.intents, context, add);

  const findings = [...batch, ...perIntent.flat()];
  const level = RISK_LEVELS.find((l) => findings.some((f) => f.level === l)) ?? null;
  return { level, findings, perIntent, batch };
}

type Add = (f: RiskFinding) => void;

/** A site's transfer to another account, worded with what the wallet knows of the receiver. */
function siteTransfer(
  at: { intentIndex: number },
  what: string,
  receiver: string,
  known: ReceiverKnowledge | undefined,
): RiskFinding {
  if (known?.contact)
    return {
      ...at,
      level: 'warning',
      code: 'transfer_to_contact',
      message: `Sends ${what} to ${known.contact} (saved contact), ${receiver}; nothing in this request pays you back.`,
    };
  const first = known !== undefined && known.fact === 'firstTime';
  return {
    ...at,
    level: 'danger',
    code: 'transfer_to_other',
    message: first
      ? `Sends ${what} to ${receiver}, an account this wallet never sent to: the first time, and not a saved contact; nothing in this request pays you back.`
      : `Sends ${what} to ${receiver}, another account; nothing in this request pays you back.`,
  };
}

function assessEnvelope(payload: IntentPayload, ctx: RiskContext, add: Add): void {
  if (payload.verifying_contract !== ctx.verifierId) {
    add({
      level: 'forbidden',
      code: 'wrong_verifier',
      // A payload prepared before the settings moved to another network (docs/security.md, "Networks").
      message: `Made for ${networkText(payload.verifying_contract)}, but the wallet is now on ${networkText(ctx.verifierId)}: nothing made for one network is signed on another.`,
    });
  }
  if (ctx.expectedSignerId !== undefined && payload.signer_id !== ctx.expectedSignerId) {
    add({
      level: 'forbidden',
      code: 'signer_mismatch',
      message: `Signs as '${payload.signer_id}', but this request may sign only as '${ctx.expectedSignerId}'.`,
    });
  } else if (ctx.expectedSignerId === undefined && ctx.origin !== null) {
    add({ level: 'forbidden', code: 'signer_unchecked', message: 'The account this site may sign as is unknown.' });
  }
  const deadlineMs = Number(parseDeadlineNs(payload.deadline) / 1_000_000n);
  const nowMs = ctx.now.getTime();
  if (deadlineMs <= nowMs) {
    add({
      level: 'forbidden',
      code: 'deadline_passed',
      message: `The deadline ${payload.deadline} has already passed.`,
    });
  } else if (deadlineMs - nowMs > Math.min(DANGER_DEADLINE_MS, ctx.maxDeadlineMs ?? DEFAULT_MAX_DEADLINE_MS)) {
    add({
      level: deadlineMs - nowMs > DANGER_DEADLINE_MS ? 'danger' : 'warning',
      code: 'deadline_far',
      message: `The deadline ${payload.deadline} is far away: whoever holds the signature can execute it until then.`,
    });
  }
  let nonce: DecodedNonce;
  try {
    nonce = decodeNonce(payload.nonce);
  } catch (e) {
    add({ level: 'forbidden', code: 'nonce_invalid', message: errorText(e) });
    return;
  }
  if (nonce.kind === 'legacy') {
    // A page-made legacy nonce cannot be invalidated by rotating the salt: the signature stays good
    // until its deadline whatever the user does.
    add({
      level: ctx.nonceFromPage === false ? 'warning' : 'danger',
      code: 'legacy_nonce',
      message:
        'Legacy nonce chosen by the site: no salt and no expiry, so the signature cannot be cancelled before its deadline.',
    });
    return;
  }
  const deadlineProblem = checkNonceDeadline(payload.deadline, nonce, ctx.now);
  if (deadlineProblem)
    add({ level: 'forbidden', code: 'nonce_deadline', message: `The verifier would refuse it: ${deadlineProblem}.` });
  if (ctx.currentSalt !== undefined && nonce.saltHex !== ctx.currentSalt.toLowerCase()) {
    add({
      level: 'warning',
      code: 'salt_not_current',
      message: `Nonce salt ${nonce.saltHex} is not the current salt ${ctx.currentSalt}; it fails if that salt was invalidated.`,
    });
  }
}

function assessIntent(intent: Intent, i: number, payload: IntentPayload, ctx: RiskContext, add: Add): void {
  const at = { intentIndex: i };
  if (containsHiddenCharacters(intent)) {
    add({
      ...at,
      level: 'warning',
      code: 'hidden_characters',
      message:
        'Contains invisible or direction-changing characters, shown here as \\u escapes: text may not be what it seems.',
    });
  }
  if (KEY_MANAGEMENT_INTENTS.has(intent.intent)) {
    assessKeyManagement(intent, at, ctx, add);
    return;
  }
  const signer = payload.signer_id;
  const tokens = ctx.tokens ?? new Map();
  switch (intent.intent) {
    case 'transfer':
      if (intent.receiver_id === signer) {
        add({
          ...at,
          level: 'forbidden',
          code: 'transfer_to_self',
          message: 'The verifier refuses a transfer to the signer itself.',
        });
      } else {
        const what = Object.entries(intent.tokens)
          .map(([id, v]) => formatTokenAmount(BigInt(v), id, tokens))
          .join(', ');
        // A site's transfer is danger (docs/decisions.md, D11), unless the person saved its receiver as a
        // contact: then a caution that names the contact. One the person typed in the wallet's own page is
        // what they asked for: a fact, with what the wallet knows of the receiver beside it.
        add(
          ctx.origin === null
            ? { ...at, level: 'info', code: 'transfer_to_other', message: `Sends ${what} to ${intent.receiver_id}.` }
            : siteTransfer(at, what, intent.receiver_id, ctx.receivers?.get(intent.receiver_id)),
        );
      }
      if (intent.msg !== undefined) {
        add({
          ...at,
          level: 'warning',
          code: 'transfer_call',
          message: `Calls ${intent.receiver_id}'s contract with a message.`,
        });
      }
      break;
    case 'ft_withdraw':
    case 'nft_withdraw':
    case 'mt_withdraw':
      assessWithdrawal(intent, at, signer, ctx, add);
      break;
    case 'native_withdraw':
      if (intent.receiver_id !== signer) {
        add({
          ...at,
          level: 'danger',
          code: 'native_withdraw_to_other',
          message: `Sends NEAR to ${intent.receiver_id}, another account; nothing in this request pays you back.`,
        });
      }
      break;
    case 'storage_deposit':
      assessStorageDeposit(BigInt(intent.amount), at, add);
      break;
    case 'auth_call':
      add({
        ...at,
        level: 'danger',
        code: 'auth_call',
        message: `Lets contract ${intent.contract_id} act with your authority${intent.attached_deposit && intent.attached_deposit !== '0' ? ' and pays it wNEAR' : ''}: it can do with your account whatever its code allows.`,
      });
      break;
    case 'token_diff': {
      const values = Object.values(intent.diff).map(BigInt);
      if (values.every((v) => v < 0n)) {
        add({
          ...at,
          level: 'danger',
          code: 'gives_without_receiving',
          message: 'Gives tokens and receives nothing in return.',
        });
      }
      break;
    }
    default:
      break;
  }
}

type At = { intentIndex: number };

function assessKeyManagement(intent: Intent, at: At, ctx: RiskContext, add: Add): void {
  if (ctx.origin !== null) {
    add({
      ...at,
      level: 'forbidden',
      code: 'key_management_from_web',
      message: `A web page may not ask for '${intent.intent}': key changes are made only from the wallet.`,
    });
    return;
  }
  add({
    ...at,
    level: intent.intent === 'add_public_key' ? 'warning' : 'danger',
    code: 'key_management',
    message:
      intent.intent === 'add_public_key'
        ? 'The added key gets full control of this account inside the verifier.'
        : 'Changes who can act for this account; a mistake can lock you out.',
  });
}

type Withdrawal = IntentOf<'ft_withdraw'> | IntentOf<'nft_withdraw'> | IntentOf<'mt_withdraw'>;

function assessWithdrawal(intent: Withdrawal, at: At, signer: string, ctx: RiskContext, add: Add): void {
  if (intent.receiver_id === intent.token) {
    // The PoA bridge pattern: the token's own contract burns it and pays out on another chain to
    // the address named in the memo, which no NEAR account check can tie to the user.
    add({
      ...at,
      level: ctx.origin === null ? 'warning' : 'danger',
      code: 'bridge_withdrawal',
      message: `Leaves through the bridge of ${intent.token} to the address in its memo, on another chain: check that address is yours.`,
    });
  } else if (intent.receiver_id !== signer) {
    add({
      ...at,
      level: 'danger',
      code: 'withdraw_to_other',
      message: `Withdraws to ${intent.receiver_id}, another account; nothing in this request pays you back.`,
    });
  }
  if (intent.msg !== undefined) {
    add({
      ...at,
      level: 'danger',
      code: 'withdraw_with_msg',
      message: `Withdrawal with a message: the funds are lost if ${intent.receiver_id} does not implement the transfer-call receiver.`,
    });
  }
  if (intent.storage_deposit !== undefined && intent.storage_deposit !== '0') {
    assessStorageDeposit(BigInt(intent.storage_deposit), at, add);
  }
}

function assessStorageDeposit(amount: bigint, at: At, add: Add): void {
  if (amount > STORAGE_DEPOSIT_CAP_YOCTO) {
    add({
      ...at,
      level: 'danger',
      code: 'storage_deposit_large',
      message: `Pays ${formatUnits(amount, 24)} wNEAR for storage, more than the usual ${formatUnits(STORAGE_DEPOSIT_CAP_YOCTO, 24)}; it is never refunded.`,
    });
  } else {
    add({
      ...at,
      level: 'warning',
      code: 'storage_deposit_not_refunded',
      message: 'The storage deposit is paid from your wNEAR and never refunded.',
    });
  }
}

/**
 * Cross-contract calls may finish out of order (docs/protocol.md, "Intent types": ordering): warn on
 * dependent steps.
 */
function assessOrdering(intents: readonly Intent[], add: Add): void {
  intents.forEach((intent, i) => {
    if (intent.intent !== 'storage_deposit') return;
    const dependent = intents.findIndex(
      (later, j) =>
        j > i &&
        'token' in later &&
        (later.intent === 'ft_withdraw' || later.intent === 'nft_withdraw' || later.intent === 'mt_withdraw') &&
        later.token === intent.contract_id,
    );
    if (dependent !== -1) {
      add({
        intentIndex: dependent,
        level: 'warning',
        code: 'dependent_after_storage_deposit',
        message: `Depends on the storage deposit in step ${i + 1}, which may finish after it: the withdrawal can fail.`,
      });
    }
  });
}

/** A token whose facts are disputed: its amounts cannot be worded, and someone lied about it. */
function assessTokenFacts(intents: readonly Intent[], ctx: RiskContext, add: Add): void {
  const disputed = ctx.disputedTokens;
  if (!disputed?.size) return;
  for (const id of new Set(intents.flatMap(tokenIdsOf))) {
    const note = disputed.get(id);
    if (note === undefined) continue;
    add({
      level: 'danger',
      code: 'token_facts_disputed',
      message: `${note} The wallet cannot word its amounts: they are shown in raw units with the token id. Check them before you confirm.`,
    });
  }
}

function assessBalance(intents: readonly Intent[], ctx: RiskContext, tokens: TokenTable, add: Add): void {
  const own = intents.flatMap((it) => (it.intent === 'token_diff' ? [it.diff] : []));
  if (own.length === 0) return;
  const fee = ctx.feePips ?? 0;
  const unmatched = unmatchedDeltas([...own, ...(ctx.counterpartyDiffs ?? [])], fee);
  const entries = Object.entries(unmatched);
  if (entries.length === 0) return;
  const text = entries
    .map(([id, v]) => `${v > 0n ? '+' : '-'}${formatTokenAmount(v < 0n ? -v : v, id, tokens)}`)
    .join(', ');
  if (ctx.counterpartyDiffs && ctx.counterpartyDiffs.length > 0) {
    add({
      level: 'danger',
      code: 'invariant_violated',
      message: `The swap does not balance after fees (${text}): the verifier will reject the whole batch.`,
    });
  } else {
    add({
      level: 'info',
      code: 'needs_counterparty',
      message: `Executes only with a matching counter-intent from a solver (unmatched after fees: ${text}).`,
    });
  }
}
