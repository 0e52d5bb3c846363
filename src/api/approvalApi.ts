// The approval window's contract with the background (extension pages only, like walletApi.ts).
// The background prepares everything the window shows (plain-language lines, risk findings, the
// simulation) so the window only renders and answers. Types only: no zod here.

import type { Phrase, Sub } from '../core/phrase';
import type { AccountView } from './accounts';
import type { NetworkView } from './network';
import type { PasskeyAssertion } from './passkeys';

export const APPROVAL = {
  current: 'approval_current',
  resolve: 'approval_resolve',
  rejectAll: 'approval_rejectAll',
} as const;

export type ApprovalKind = 'connect' | 'signMessage' | 'signIntents' | 'publishIntents';
export type RiskLevelView = 'forbidden' | 'danger' | 'warning' | 'info';

export interface FindingView {
  level: RiskLevelView;
  code: string;
  /** What it says, worded by the page in the person's language (src/core/phrase.ts). */
  words: Phrase;
}

export interface OriginView {
  /** As the browser reported it, e.g. `https://xn--80ak6aa92e.com`. */
  origin: string;
  /**
   * Host as the browser reported it, with its port: ASCII, an internationalised name in its `xn--`
   * form. This is the name the window shows large.
   */
  host: string;
  /** True when the host had punycode (`xn--`) labels (a look-alike risk worth a flag). */
  punycode: boolean;
  /**
   * The decoded Unicode form of an internationalised host (with port), shown beneath the heading and
   * flagged; absent when there is none or when a label is not valid punycode (never decoded then).
   */
  unicodeHost?: string;
  /** Not https (plain http on anything but localhost). */
  insecure: boolean;
}

export interface IntentView {
  type: string;
  /** Plain words, e.g. "Give 1 wNEAR". */
  lines: string[];
  findings: FindingView[];
}

export interface BalanceChangeView {
  accountId: string;
  tokenId: string;
  /** "-1.5 wNEAR" style, exact; in English words for a token whose decimals are unconfirmed (for logs and tests). */
  text: string;
  /** The amount without its sign, as a page shows it: text, or a phrase for a token whose decimals are unconfirmed. */
  amount: Sub;
  /**
   * Its value in USD at the swap service's price ("-3.10"), for information; null when the token is not
   * confirmed or has no price.
   */
  usd: string | null;
}

export type SimulationView =
  | {
      ok: true;
      executed: number;
      feePips: number;
      balanceChanges: BalanceChangeView[];
      /** Set when the batch would fail the verifier's per-token invariant on its own (English, for logs and tests). */
      invariantViolated: string | null;
      /** What does not balance, per token, for a page to word (empty when it balances). */
      unmatched: BalanceChangeView[];
    }
  | {
      ok: false;
      /** The verifier's own text, or the wallet's check in English (for logs, tests and Technical details). */
      error: string;
      /** The wallet's own check, in words a page shows instead of `error`; absent for the verifier's answer. */
      reasons?: Phrase[];
    };

/**
 * What the wallet knows of an account a popup review pays (never given for a site's request): one of this
 * wallet's accounts, one it sent to before, one it never sent to, or the deposit account of the swap
 * being paid (checked against its signed quote).
 */
export type RecipientFact = 'own' | 'sentBefore' | 'firstTime' | 'swapDeposit';

export interface RecipientView {
  accountId: string;
  fact: RecipientFact;
  /** The name the person saved this account under (a saved contact on this network), when they did. */
  contact?: string;
}

export interface IntentsPreview {
  accountId: string;
  verifier: string;
  /** RFC 3339. */
  deadline: string;
  nonceKind: 'versioned' | 'legacy';
  /** `webauthn`: a passkey account's, signed by the person's authenticator after Confirm. */
  standard: 'nep413' | 'raw_ed25519' | 'webauthn';
  intents: IntentView[];
  /**
   * How the signer's own balances move, computed from the intents themselves (exact; what the result
   * card leads with), whatever the verifier's check said.
   */
  changes: BalanceChangeView[];
  batchFindings: FindingView[];
  /** Highest level over everything; forbidden blocks Confirm, danger needs an acknowledgement. */
  level: RiskLevelView | null;
  /** simulate_intents on the ledger RPC, or null when it could not be asked. */
  simulation: SimulationView | null;
  quoteHashes: string[];
  /** The exact payload JSON, for the raw view. */
  raw: string;
  /**
   * A passkey account's payload: the credential to ask after Confirm and the challenge (base64url of
   * SHA-256 of the exact payload string), which the authenticator signs over.
   */
  passkey?: { credentialId: string; challenge: string };
  /**
   * Confirmed and signed before the wallet was interrupted (its worker stopped): the verifier may have run
   * it already. Confirm again sends the same signature; nothing is signed anew or paid twice.
   */
  resumed?: true;
  /** The popup's own reviews: the accounts paid, with what the wallet knows of each (absent for a site's request). */
  recipients?: RecipientView[];
}

export interface MessagePreview {
  accountId: string;
  message: string;
  recipient: string;
  callbackUrl: string | null;
  /** base64 of the 32-byte nonce. */
  nonce: string;
  /** The recipient is the verifier: the "message" may really be an intent. */
  recipientIsVerifier: boolean;
  /**
   * The background's findings (it enforces them): danger when the recipient or the callback URL is
   * not the asking site (core assessMessage).
   */
  findings: FindingView[];
}

export interface ApprovalView {
  id: string;
  kind: ApprovalKind;
  origin: OriginView;
  createdAt: number;
  /** Requests waiting in total (this one included). */
  waiting: number;
  /** The wallet is locked: the window asks for the password first (wallet_unlock). */
  locked: boolean;
  /** connect: the accounts the user may grant (all local accounts). */
  accounts?: AccountView[];
  message?: MessagePreview;
  intents?: IntentsPreview;
  /** Set when the request cannot be approved as it stands (e.g. a forbidden finding), with why. */
  blocked: string | null;
  /**
   * The network the request is for, named from the verifier (docs/security.md, "Networks"): for intents,
   * the verifier of the prepared payload; otherwise the network the wallet is on.
   */
  network: NetworkView;
}

/**
 * What the background sends: the origin as the browser reported it. The window derives the OriginView
 * it shows (ui/approve/origin.ts), which keeps IDN decoding out of the service worker.
 */
export type ApprovalViewWire = Omit<ApprovalView, 'origin' | 'intents'> & {
  origin: string;
  intents?: IntentsPreviewWire;
};

/**
 * The intents preview as the background sends it: each intent itself instead of its plain-words
 * lines, and the tokens it names; the window words them (core describeIntent), which keeps the
 * wording out of the service worker. Findings are the background's: it enforces them.
 */
export type IntentsPreviewWire = Omit<IntentsPreview, 'intents'> & {
  intents: (Omit<IntentView, 'lines'> & { intent: unknown })[];
  tokens: { assetId: string; symbol: string; decimals: number; blockchain: string }[];
};

export interface ResolveParams {
  id: string;
  approve: boolean;
  /** connect: the accounts granted. */
  accounts?: string[];
  /** Required to approve a request whose level is `danger`. */
  acknowledgeDanger?: boolean;
  /** A passkey account's: what the authenticator answered for `intents.passkey.challenge`. */
  passkey?: PasskeyAssertion;
}

/**
 * approval_resolve's result: null once the answer was carried out; `refused` when the request ended
 * with an error the user should read (e.g. the verifier refused it after Confirm, nothing released).
 */
export type ResolveOutcome = null | {
  refused: string;
  /** The refusal in the person's words, when the background has them (`data.words` of its error). */
  words?: Phrase;
};

/** What each approval-window method answers (the background's handlers are checked against it). */
export interface ApprovalResults {
  approval_current: ApprovalViewWire | null;
  approval_resolve: ResolveOutcome;
  approval_rejectAll: null;
}
