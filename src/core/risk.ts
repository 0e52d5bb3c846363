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
import { amountOf, type Phrase, phrase, type Sub } from './phrase';
import { signedAmountWords, type TokenTable, tokenAmountWords } from './tokens';
import { containsHiddenCharacters } from './visibleText';

export type RiskLevel = 'forbidden' | 'danger' | 'warning' | 'info';
export const RISK_LEVELS: readonly RiskLevel[] = ['forbidden', 'danger', 'warning', 'info'];

export interface RiskFinding {
  level: RiskLevel;
  code: string;
  /** What it says to a person: a message of the catalogue, worded where it is shown (./phrase). */
  words: Phrase;
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
  disputedTokens?: ReadonlyMap<string, Phrase>;
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
  assessStorageTotal(payload.intents, add);
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
  what: Sub,
  receiver: string,
  known: ReceiverKnowledge | undefined,
): RiskFinding {
  if (known?.contact)
    return {
      ...at,
      level: 'warning',
      code: 'transfer_to_contact',
      words: phrase('risk_transferToContact', what, known.contact, receiver),
    };
  const first = known !== undefined && known.fact === 'firstTime';
  return {
    ...at,
    level: 'danger',
    code: 'transfer_to_other',
    words: first ? phrase('risk_transferFirstTime', what, receiver) : phrase('risk_transferToOther', what, receiver),
  };
}

function assessEnvelope(payload: IntentPayload, ctx: RiskContext, add: Add): void {
  if (payload.verifying_contract !== ctx.verifierId) {
    add({
      level: 'forbidden',
      code: 'wrong_verifier',
      // A payload prepared before the settings moved to another network (docs/security.md, "Networks").
      words: phrase('risk_wrongVerifier', networkText(payload.verifying_contract), networkText(ctx.verifierId)),
    });
  }
  if (ctx.expectedSignerId !== undefined && payload.signer_id !== ctx.expectedSignerId) {
    add({
      level: 'forbidden',
      code: 'signer_mismatch',
      words: phrase('risk_signerMismatch', payload.signer_id, ctx.expectedSignerId),
    });
  } else if (ctx.expectedSignerId === undefined && ctx.origin !== null) {
    add({ level: 'forbidden', code: 'signer_unchecked', words: phrase('risk_signerUnchecked') });
  }
  const deadlineMs = Number(parseDeadlineNs(payload.deadline) / 1_000_000n);
  const nowMs = ctx.now.getTime();
  if (deadlineMs <= nowMs) {
    add({
      level: 'forbidden',
      code: 'deadline_passed',
      words: phrase('risk_deadlinePassed', payload.deadline),
    });
  } else if (deadlineMs - nowMs > Math.min(DANGER_DEADLINE_MS, ctx.maxDeadlineMs ?? DEFAULT_MAX_DEADLINE_MS)) {
    add({
      level: deadlineMs - nowMs > DANGER_DEADLINE_MS ? 'danger' : 'warning',
      code: 'deadline_far',
      words: phrase('risk_deadlineFar', payload.deadline),
    });
  }
  let nonce: DecodedNonce;
  try {
    nonce = decodeNonce(payload.nonce);
  } catch (e) {
    add({ level: 'forbidden', code: 'nonce_invalid', words: phrase('risk_nonceInvalid', errorText(e)) });
    return;
  }
  if (nonce.kind === 'legacy') {
    // A page-made legacy nonce cannot be invalidated by rotating the salt: the signature stays good
    // until its deadline whatever the user does.
    add({
      level: ctx.nonceFromPage === false ? 'warning' : 'danger',
      code: 'legacy_nonce',
      words: phrase('risk_legacyNonce'),
    });
    return;
  }
  const deadlineProblem = checkNonceDeadline(payload.deadline, nonce, ctx.now);
  if (deadlineProblem)
    add({ level: 'forbidden', code: 'nonce_deadline', words: phrase('risk_nonceDeadline', deadlineProblem) });
  if (ctx.currentSalt !== undefined && nonce.saltHex !== ctx.currentSalt.toLowerCase()) {
    add({
      level: 'warning',
      code: 'salt_not_current',
      words: phrase('risk_saltNotCurrent', nonce.saltHex, ctx.currentSalt),
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
      words: phrase('risk_hiddenCharacters'),
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
          words: phrase('risk_transferToSelf'),
        });
      } else {
        const what = Object.entries(intent.tokens).map(([id, v]) => tokenAmountWords(BigInt(v), id, tokens));
        // A site's transfer is danger (docs/decisions.md, D11), unless the person saved its receiver as a
        // contact: then a caution that names the contact. One the person typed in the wallet's own page is
        // what they asked for: a fact, with what the wallet knows of the receiver beside it.
        add(
          ctx.origin === null
            ? {
                ...at,
                level: 'info',
                code: 'transfer_to_other',
                words: phrase('risk_transfer', what, intent.receiver_id),
              }
            : siteTransfer(at, what, intent.receiver_id, ctx.receivers?.get(intent.receiver_id)),
        );
      }
      if (intent.msg !== undefined) {
        add({
          ...at,
          level: 'warning',
          code: 'transfer_call',
          words: phrase('risk_transferCall', intent.receiver_id),
        });
      }
      break;
    case 'ft_withdraw':
    case 'nft_withdraw':
    case 'mt_withdraw':
      assessWithdrawal(intent, at, signer, ctx, add);
      break;
    case 'native_withdraw':
      if (intent.receiver_id === signer) assessSelfWithdrawal(signer, at, add);
      else {
        add({
          ...at,
          level: 'danger',
          code: 'native_withdraw_to_other',
          words: phrase('risk_nativeWithdrawToOther', intent.receiver_id),
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
        words: phrase(
          intent.attached_deposit && intent.attached_deposit !== '0' ? 'risk_authCallPays' : 'risk_authCall',
          intent.contract_id,
        ),
      });
      break;
    case 'token_diff': {
      const values = Object.values(intent.diff).map(BigInt);
      if (values.every((v) => v < 0n)) {
        add({
          ...at,
          level: 'danger',
          code: 'gives_without_receiving',
          words: phrase('risk_givesWithoutReceiving'),
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
      words: phrase('risk_keyManagementFromWeb', intent.intent),
    });
    return;
  }
  add({
    ...at,
    level: intent.intent === 'add_public_key' ? 'warning' : 'danger',
    code: 'key_management',
    words: phrase(intent.intent === 'add_public_key' ? 'risk_keyAdded' : 'risk_keyChanged'),
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
      words: phrase('risk_bridgeWithdrawal', intent.token),
    });
  } else if (intent.receiver_id === signer) {
    assessSelfWithdrawal(signer, at, add);
  } else {
    add({
      ...at,
      level: 'danger',
      code: 'withdraw_to_other',
      words: phrase('risk_withdrawToOther', intent.receiver_id),
    });
  }
  if (intent.msg !== undefined) {
    add({
      ...at,
      level: 'danger',
      code: 'withdraw_with_msg',
      words: phrase('risk_withdrawWithMsg', intent.receiver_id),
    });
  }
  if (intent.storage_deposit !== undefined && intent.storage_deposit !== '0') {
    assessStorageDeposit(BigInt(intent.storage_deposit), at, add);
  }
}

/**
 * The wallet's `0x…` accounts are passkey accounts: the implicit account of a P-256 key
 * (docs/protocol.md, "The webauthn payload"). On the NEAR ledger that id is an Ethereum-style implicit
 * account, which only the Ethereum key of that address could use, and no such key exists: a withdrawal
 * from the intents contract "to yourself" would leave the funds where nobody can reach them.
 */
function assessSelfWithdrawal(signer: string, at: At, add: Add): void {
  if (!/^0x[0-9a-f]{40}$/.test(signer)) return;
  add({
    ...at,
    level: 'danger',
    code: 'withdraw_to_passkey_self',
    words: phrase('risk_withdrawToPasskeySelf', signer),
  });
}

function assessStorageDeposit(amount: bigint, at: At, add: Add): void {
  if (amount > STORAGE_DEPOSIT_CAP_YOCTO) {
    add({
      ...at,
      level: 'danger',
      code: 'storage_deposit_large',
      words: phrase(
        'risk_storageDepositLarge',
        amountOf(formatUnits(amount, 24)),
        amountOf(formatUnits(STORAGE_DEPOSIT_CAP_YOCTO, 24)),
      ),
    });
  } else {
    add({
      ...at,
      level: 'warning',
      code: 'storage_deposit_not_refunded',
      words: phrase('risk_storageDepositNotRefunded'),
    });
  }
}

/** The wNEAR a storage deposit pays: its own intent, or the field a withdrawal carries. */
function storagePaid(intent: Intent): bigint {
  if (intent.intent === 'storage_deposit') return BigInt(intent.amount);
  if (intent.intent === 'ft_withdraw' || intent.intent === 'nft_withdraw' || intent.intent === 'mt_withdraw')
    return BigInt(intent.storage_deposit ?? '0');
  return 0n;
}

/**
 * The cap is on what one signature gives away, not on each deposit: a hundred deposits of 0.05 NEAR to
 * a contract of the page's choosing pay it 5 NEAR, each one routine alone.
 */
function assessStorageTotal(intents: readonly Intent[], add: Add): void {
  const paid = intents.map(storagePaid).filter((a) => a > 0n);
  const total = paid.reduce((a, b) => a + b, 0n);
  if (paid.length < 2 || total <= STORAGE_DEPOSIT_CAP_YOCTO) return;
  add({
    level: 'danger',
    code: 'storage_deposits_large',
    words: phrase(
      'risk_storageDepositsLarge',
      String(paid.length),
      amountOf(formatUnits(total, 24)),
      amountOf(formatUnits(STORAGE_DEPOSIT_CAP_YOCTO, 24)),
    ),
  });
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
        words: phrase('risk_dependentAfterStorageDeposit', String(i + 1)),
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
      words: phrase('risk_tokenFactsDisputed', note),
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
  const text = entries.map(([id, v]) => signedAmountWords(v, id, tokens));
  if (ctx.counterpartyDiffs && ctx.counterpartyDiffs.length > 0) {
    add({
      level: 'danger',
      code: 'invariant_violated',
      words: phrase('risk_invariantViolated', text),
    });
  } else {
    add({
      level: 'info',
      code: 'needs_counterparty',
      words: phrase('risk_needsCounterparty', text),
    });
  }
}
