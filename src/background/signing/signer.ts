/**
 * The signing service: builds payloads with the verifier's versioned nonce (docs/protocol.md), signs
 * with the vault (which verifies each signature before returning it), records each nonce before
 * releasing a signature, computes the intent hash, and publishes. An `invalid salt` rejection refreshes
 * the salt and re-signs once only when the caller allows it (`retrySalt`: the wallet's own key changes);
 * a request a person approved ends there (docs/protocol.md, "Nonces").
 */

import type { PublishResult } from '../../bus';
import {
  base64,
  buildIntentPayload,
  decodeExact,
  decodeNonce,
  encodeVersionedNonce,
  formatDeadline,
  type IntentPayload,
  intentHash,
  isPasskeyPublicKey,
  type MultiPayload,
  networkText,
  type PayloadStandard,
  ProtocolError,
  parseDeadlineNs,
  type Random,
  type SubtleLike,
} from '../../core';
import { phrase } from '../../core/phrase';
import { ERROR_CODES } from '../../provider/protocol';
import { ProviderError } from '../providerError';
import type { WalletService } from '../wallet/service';
import type { UsedNonces } from './nonces';
import { signedFromAssertion } from './passkeyAssertion';
import type { SaltCache } from './salt';

/** The SDK's default validity (DEFAULT_DEADLINE_MS) is 60 s; a person reading a preview needs longer. */
export const DEFAULT_DEADLINE_MS = 5 * 60_000;

export interface SignRequest {
  signerId: string;
  intents: unknown[];
  /** RFC 3339; default now + DEFAULT_DEADLINE_MS. */
  deadline?: string | undefined;
  /** A dApp's own 32-byte nonce (base64); default a fresh versioned nonce. */
  nonce?: string | undefined;
  standard?: PayloadStandard | undefined;
}

export interface PreparedIntent {
  payload: IntentPayload;
  /** `webauthn` when the signing key is a passkey's (whatever the request asked: a passkey signs nothing else). */
  standard: PayloadStandard;
  /** Local key that signs: the account's signing key, or the key `prepare` was told to sign with (ed25519, or a passkey's `p256:`). */
  publicKey: string;
  nonceKind: 'versioned' | 'legacy';
  /** True when the wallet made the nonce (so it may make a new one after `invalid salt`). */
  ownNonce: boolean;
}

export interface SignedResult {
  signed: MultiPayload;
  intentHash: string;
  payload: IntentPayload;
}

export interface BusPort {
  publishIntent(signed: MultiPayload, quoteHashes: readonly string[]): Promise<PublishResult>;
}

export interface SignerDeps {
  wallet: WalletService;
  salts: SaltCache;
  nonces: UsedNonces;
  verifierId: () => Promise<string>;
  now: () => number;
  random: Random;
  /** WebCrypto, which checks a passkey's P-256 signature (./passkeyAssertion.ts). */
  subtle: SubtleLike;
}

export class SigningService {
  constructor(private readonly deps: SignerDeps) {}

  /**
   * Validates the request and builds the exact payload that would be signed. `signWith`: another local
   * key of the account signs instead of its signing key (a passkey's payload is then signed at the
   * person's authenticator, as a passkey account's is); the wallet's own choice, never a page's (the
   * removal of the signing key is signed by the key that takes over, so the verifier itself checks that
   * key before the old one goes: ./keyManager.ts).
   */
  async prepare(request: SignRequest, signWith?: string): Promise<PreparedIntent> {
    const account = this.deps.wallet.account(request.signerId);
    const publicKey = signWith ?? account.publicKeys[0]!;
    if (signWith !== undefined && !account.publicKeys.includes(signWith))
      throw new ProviderError(ERROR_CODES.internal, 'Only a local key of the account signs in its place');
    const verifyingContract = await this.deps.verifierId();
    const nowMs = this.deps.now();
    const deadline = request.deadline ?? formatDeadline(new Date(nowMs + DEFAULT_DEADLINE_MS));
    // The nonce deadline must be at or after the intent deadline (docs/protocol.md, "Nonces"): round the
    // intent deadline up to whole milliseconds so sub-millisecond digits never exceed the nonce's.
    const deadlineNs = parseDeadlineNs(deadline);
    const nonceDeadline = new Date(Number((deadlineNs + 999_999n) / 1_000_000n));
    let nonce = request.nonce;
    let ownNonce = false;
    if (nonce === undefined) {
      const salt = await this.deps.salts.currentBytes();
      nonce = encodeVersionedNonce({ salt, deadline: nonceDeadline, random15: this.deps.random(15) });
      ownNonce = true;
    } else {
      decodeExact(base64, nonce, 32, 'nonce');
    }
    // A fresh random nonce cannot have been used; a supplied one must be shown unused (claim() checks both again).
    if (!ownNonce && (await this.deps.nonces.has(verifyingContract, request.signerId, nonce))) {
      throw new ProtocolError(
        'this nonce was already used by this account (or cannot be shown unused); the wallet never signs a nonce twice',
        'nonce',
      );
    }
    const payload = buildIntentPayload({
      signerId: request.signerId,
      verifyingContract,
      deadline,
      nonce,
      intents: request.intents,
    });
    const standard = isPasskeyPublicKey(publicKey) ? 'webauthn' : (request.standard ?? 'nep413');
    if (standard === 'webauthn' && !isPasskeyPublicKey(publicKey))
      throw new ProtocolError('only a passkey account signs webauthn payloads', 'standard');
    return { payload, standard, publicKey, nonceKind: decodeNonce(nonce).kind, ownNonce };
  }

  /**
   * Signs a prepared payload; the nonce is recorded before the signature leaves this function. Only a
   * payload for the verifier of the network the wallet is on now is signed: one prepared before the
   * settings moved to another network never is (docs/security.md, "Networks"). A passkey's payload is
   * signed by the person's authenticator: `assertion` is what the extension page got from it, checked
   * here against this exact payload and the account's credential and key before anything else happens
   * (./passkeyAssertion.ts); without one, or with one that does not hold, nothing is signed.
   */
  async sign(prepared: PreparedIntent, assertion?: unknown): Promise<SignedResult> {
    const verifierId = await this.deps.verifierId();
    if (prepared.payload.verifying_contract !== verifierId) {
      throw new ProviderError(
        ERROR_CODES.invalidParams,
        `This was made for ${networkText(prepared.payload.verifying_contract)}, but the wallet is now on ${networkText(verifierId)}: nothing was signed. Ask again on this network.`,
        {
          field: 'network',
          words: phrase(
            'signRefusal_otherNetwork',
            networkText(prepared.payload.verifying_contract),
            networkText(verifierId),
          ),
        },
      );
    }
    await this.deps.wallet.touch();
    const signed = await this.signedBy(prepared, assertion);
    const hash = intentHash(signed);
    await this.deps.nonces.claim(verifierId, prepared.payload.signer_id, prepared.payload.nonce, hash);
    return { signed, intentHash: hash, payload: prepared.payload };
  }

  private async signedBy(prepared: PreparedIntent, assertion: unknown): Promise<MultiPayload> {
    if (prepared.standard !== 'webauthn' && !isPasskeyPublicKey(prepared.publicKey))
      return this.deps.wallet.vault.signIntent(prepared.publicKey, prepared.payload, prepared.standard);
    const passkey = this.deps.wallet.passkeyOf(prepared.publicKey);
    if (prepared.standard !== 'webauthn' || !passkey)
      throw new ProviderError(ERROR_CODES.internal, 'This payload is not one a passkey of this wallet signs');
    if (assertion === undefined)
      throw new ProviderError(
        ERROR_CODES.invalidParams,
        'This account signs with its passkey: confirm with your authenticator. Nothing was signed.',
        { reason: 'passkey', words: phrase('signRefusal_confirmPasskey') },
      );
    return signedFromAssertion(prepared.payload, passkey, assertion, this.deps.subtle);
  }

  /**
   * Signs and releases: `check` (if any) sees the signature before anyone else does, then the bus
   * publishes it (if given). When the salt of a wallet-made nonce was rotated away (`invalid salt`
   * from the check or the bus) and `retrySalt` allows it, the salt is read again and the same intents
   * are signed once more under a fresh nonce, as the official SDK does; otherwise the request ends.
   * "already processed" counts as published.
   */
  async release(
    request: SignRequest,
    options: ReleaseOptions = {},
  ): Promise<SignedResult & { result?: PublishResult }> {
    let prepared = options.prepared ?? (await this.prepare(request, options.signWith));
    for (let attempt = 0; ; attempt++) {
      // A passkey signs once per touch of the authenticator: never again on its own.
      const retry =
        attempt === 0 && prepared.ownNonce && options.retrySalt !== false && prepared.standard !== 'webauthn';
      const signed = await this.sign(prepared, options.assertion);
      const checked = options.check ? await options.check(signed) : 'ok';
      if (checked === 'invalid_salt' && retry) {
        this.deps.salts.invalidate();
        prepared = await this.prepare({ ...request, nonce: undefined }, options.signWith);
        continue;
      }
      if (checked === 'invalid_salt')
        throw new ProtocolError("the nonce's salt is no longer valid on the verifier", 'nonce');
      if (!options.bus) return signed;
      const result = await publishOnce(options.bus, signed.signed, options.quoteHashes ?? []);
      if (isInvalidSalt(result) && retry) {
        this.deps.salts.invalidate();
        prepared = await this.prepare({ ...request, nonce: undefined }, options.signWith);
        continue;
      }
      return { ...signed, result };
    }
  }

  /** Signs and publishes (see release); `signWith` as in prepare. */
  async signAndPublish(
    request: SignRequest,
    bus: BusPort,
    quoteHashes: readonly string[] = [],
    signWith?: string,
  ): Promise<SignedResult & { result: PublishResult }> {
    const out = await this.release(request, { bus, quoteHashes, ...(signWith ? { signWith } : {}) });
    return { ...out, result: out.result! };
  }
}

export interface ReleaseOptions {
  /** The payload the user saw, when it was prepared already. */
  prepared?: PreparedIntent;
  /** A passkey account's assertion over that payload (see sign). */
  assertion?: unknown;
  /** Looks at the signature before it is released; 'invalid_salt' asks for a fresh nonce. */
  check?: (signed: SignedResult) => Promise<'ok' | 'invalid_salt'>;
  bus?: BusPort;
  quoteHashes?: readonly string[];
  /** Another local key of the account signs (see prepare); only an ed25519 one here: a passkey signs through a review. */
  signWith?: string;
  /**
   * Re-sign under a fresh nonce after `invalid salt` (default true, for the wallet's own key changes).
   * False for requests a person approved: one approval, one signature.
   */
  retrySalt?: boolean;
}

const ALREADY_PROCESSED = /already processed/i;
const INVALID_SALT = /invalid salt/i;
const NONCE_USED = /nonce was already used/i;

/** The bus refused the nonce's salt: it was rotated and invalidated since the payload was built. */
export const isInvalidSalt = (r: PublishResult): boolean => r.status === 'FAILED' && INVALID_SALT.test(r.reason);
export const isInvalidSaltText = (text: string): boolean => INVALID_SALT.test(text);
/** The verifier's refusal of a nonce this account used before (the contract's "nonce was already used"). */
export const isNonceUsedText = (text: string): boolean => NONCE_USED.test(text);

/**
 * Publishes once; "already processed" (the same intent was published before, e.g. by a retry after a
 * worker restart) counts as published, the official SDK's rule.
 */
export async function publishOnce(
  bus: BusPort,
  signed: MultiPayload,
  quoteHashes: readonly string[],
): Promise<PublishResult> {
  const out = await bus.publishIntent(signed, quoteHashes);
  if (out.status === 'FAILED' && ALREADY_PROCESSED.test(out.reason))
    return { status: 'OK', intent_hash: out.intent_hash ?? intentHash(signed) };
  return out;
}
