/**
 * The intent payload and its signed wrappers (docs/protocol.md, "The intent payload", "Signed wrappers",
 * "Intent hashes"; docs/decisions.md, "What the NEP-413 message holds").
 * - Our model: `{signer_id, verifying_contract, deadline, nonce, intents}` (the interface's payload).
 * - nep413: message = one-line JSON of `{deadline, intents, signer_id}` (the SDK's key order),
 *   recipient = verifying_contract, nonce = the payload nonce; intent hash = the NEP-413 digest.
 * - raw_ed25519: the whole payload JSON is the signed message (bytes of the string, not a hash);
 *   intent hash = sha256(payload string) (near/intents core/src/payload/raw.rs).
 * The interface: docs/interface.md.
 */
import { ed25519 } from '@noble/curves/ed25519.js';
import { sha256 } from '@noble/hashes/sha2.js';
import * as z from 'zod/mini';
import { isValidAccountId } from './account';
import { formatDeadline, parseDeadlineNs } from './deadline';
import { base58, base64, decodeExact, utf8 } from './encoding';
import { ProtocolError } from './errors';
import { type Intent, type IntentParseOptions, parseIntents } from './intents';
import { formatPublicKey, parsePublicKey, publicKeyFromSeed } from './keys';
import { type Nep413Payload, nep413Digest, verifyEd25519 } from './nep413';
import { protocolErrorFromZod } from './zodError';

export interface IntentPayload {
  signer_id: string;
  verifying_contract: string;
  deadline: string;
  nonce: string;
  intents: Intent[];
}

export type SigningStandard = 'nep413' | 'raw_ed25519';
/** What a payload can be signed as: the vault's standards, or `webauthn` by a passkey (./webauthn.ts). */
export type PayloadStandard = SigningStandard | 'webauthn';
export const SIGNING_STANDARDS: readonly SigningStandard[] = ['nep413', 'raw_ed25519'];

const ed25519Text = (what: string, bytes: number) =>
  z.string().check(
    z.refine((s) => {
      const body = s.toLowerCase().startsWith('ed25519:') ? s.slice(8) : s;
      try {
        return base58.decode(body).length === bytes;
      } catch {
        return false;
      }
    }, `must be ed25519:<base58 of ${bytes} bytes> (${what})`),
  );

export const signedNep413Schema = z.lazy(() =>
  z.strictObject({
    standard: z.literal('nep413'),
    payload: z.strictObject({
      message: z.string(),
      nonce: z.string().check(z.refine((s) => isBase64Of(s, 32), 'must be base64 of 32 bytes')),
      recipient: z.string(),
      callbackUrl: z.nullish(z.string()),
    }),
    public_key: ed25519Text('public key', 32),
    signature: ed25519Text('signature', 64),
  }),
);

export const signedRawEd25519Schema = z.lazy(() =>
  z.strictObject({
    standard: z.literal('raw_ed25519'),
    payload: z.string(),
    public_key: ed25519Text('public key', 32),
    signature: ed25519Text('signature', 64),
  }),
);

/** The `MultiPayload` variants this wallet produces and checks. */
export const signedIntentSchema = z.discriminatedUnion('standard', [signedNep413Schema, signedRawEd25519Schema]);
export type SignedNep413 = z.output<typeof signedNep413Schema>;
export type SignedRawEd25519 = z.output<typeof signedRawEd25519Schema>;
export type SignedIntent = z.output<typeof signedIntentSchema>;

function isBase64Of(text: string, length: number): boolean {
  try {
    return base64.decode(text).length === length;
  } catch {
    return false;
  }
}

export interface BuildPayloadInput {
  signerId: string;
  verifyingContract: string;
  deadline: Date | string;
  nonce: string;
  intents: unknown[];
}

/** Validates every part and returns the interface's payload, intents parsed by their schemas. */
export function buildIntentPayload(input: BuildPayloadInput, opts: IntentParseOptions = {}): IntentPayload {
  if (!isValidAccountId(input.signerId))
    throw new ProtocolError(`'${input.signerId}' is not a valid account id`, 'signer_id');
  if (!isValidAccountId(input.verifyingContract)) {
    throw new ProtocolError(`'${input.verifyingContract}' is not a valid account id`, 'verifying_contract');
  }
  const deadline = typeof input.deadline === 'string' ? input.deadline : formatDeadline(input.deadline);
  parseDeadlineNs(deadline);
  decodeExact(base64, input.nonce, 32, 'nonce');
  return {
    signer_id: input.signerId,
    verifying_contract: input.verifyingContract,
    deadline,
    nonce: input.nonce,
    intents: parseIntents(input.intents, opts),
  };
}

/** The NEP-413 message string for a payload: `{"deadline","intents","signer_id"}`, no whitespace. */
export function nep413MessageOf(payload: IntentPayload): string {
  return JSON.stringify({ deadline: payload.deadline, intents: payload.intents, signer_id: payload.signer_id });
}

/** The raw_ed25519 payload string: the whole DefusePayload JSON in the interface's key order. */
export function rawPayloadOf(payload: IntentPayload): string {
  return JSON.stringify({
    signer_id: payload.signer_id,
    verifying_contract: payload.verifying_contract,
    deadline: payload.deadline,
    nonce: payload.nonce,
    intents: payload.intents,
  });
}

export function nep413PayloadOf(payload: IntentPayload): Nep413Payload {
  return {
    message: nep413MessageOf(payload),
    nonce: decodeExact(base64, payload.nonce, 32, 'nonce'),
    recipient: payload.verifying_contract,
  };
}

/**
 * The bytes an intent signature covers: the NEP-413 digest, or the raw payload string as UTF-8 (for
 * `webauthn`, the string whose SHA-256 is the challenge: ./webauthn.ts).
 */
export function intentSigningBytes(payload: IntentPayload, standard: PayloadStandard): Uint8Array {
  if (standard === 'nep413') return nep413Digest(nep413PayloadOf(payload));
  if (standard === 'raw_ed25519' || standard === 'webauthn') return utf8.encode(rawPayloadOf(payload));
  throw new ProtocolError(`unsupported signing standard '${String(standard)}'`, 'standard');
}

/** The signed wrapper of `payload` for a signature over `intentSigningBytes(payload, standard)` (which checked `standard`). */
export function signedIntentOf(
  payload: IntentPayload,
  standard: SigningStandard,
  publicKey: string,
  signature: Uint8Array,
): SignedIntent {
  const text = `ed25519:${base58.encode(signature)}`;
  return standard === 'nep413'
    ? {
        standard,
        payload: { message: nep413MessageOf(payload), nonce: payload.nonce, recipient: payload.verifying_contract },
        public_key: publicKey,
        signature: text,
      }
    : { standard: 'raw_ed25519', payload: rawPayloadOf(payload), public_key: publicKey, signature: text };
}

/**
 * Signs with the 32-byte seed by noble's `ed25519.sign`. The wallet's own keys sign only inside src/vault,
 * which verifies each signature before it leaves; this is for keys that are not the wallet's (the
 * simulator's solvers, tests).
 */
export function signIntentPayload(
  seed: Uint8Array,
  payload: IntentPayload,
  standard: SigningStandard = 'nep413',
): SignedIntent {
  const bytes = intentSigningBytes(payload, standard);
  return signedIntentOf(payload, standard, formatPublicKey(publicKeyFromSeed(seed)), ed25519.sign(bytes, seed));
}

function stripCurve(text: string): string {
  return text.toLowerCase().startsWith('ed25519:') ? text.slice(8) : text;
}

function toNep413(signed: SignedNep413): Nep413Payload {
  return {
    message: signed.payload.message,
    nonce: base64.decode(signed.payload.nonce),
    recipient: signed.payload.recipient,
    callbackUrl: signed.payload.callbackUrl ?? null,
  };
}

/**
 * The intent hash a signature of `payload` will carry, known before anything is signed (the same as
 * intentHash of the intent the wallet signs from it): what a review names so that its Confirm signs
 * that payload or nothing (docs/security.md, "No signature before consent").
 */
export function payloadIntentHash(payload: IntentPayload, standard: PayloadStandard): string {
  const signed = intentSigningBytes(payload, standard);
  return base58.encode(standard === 'nep413' ? signed : sha256(signed));
}

/** A signed wrapper whose `payload` is the whole payload as a JSON string (raw_ed25519, webauthn). */
type StringPayload = { standard: 'webauthn'; payload: string };

/** The verifier's intent hash: NEP-413 digest, or sha256 of the payload string (raw_ed25519, webauthn). Base58. */
export function intentHash(signed: SignedIntent | StringPayload): string {
  const digest = signed.standard === 'nep413' ? nep413Digest(toNep413(signed)) : sha256(utf8.encode(signed.payload));
  return base58.encode(digest);
}

export type VerifyResult = { ok: true; publicKey: string } | { ok: false; reason: 'invalid signature' };

/** Checks the signature exactly as the verifier does (strict ed25519, weak keys refused). */
export function verifySignedIntent(signedInput: unknown): VerifyResult {
  const parsed = signedIntentSchema.safeParse(signedInput);
  if (!parsed.success) throw protocolErrorFromZod(parsed.error, 'signed');
  const signed = parsed.data;
  let publicKey: Uint8Array;
  try {
    publicKey = parsePublicKey(signed.public_key);
  } catch {
    return { ok: false, reason: 'invalid signature' };
  }
  const signature = base58.decode(stripCurve(signed.signature));
  const message = signed.standard === 'nep413' ? nep413Digest(toNep413(signed)) : utf8.encode(signed.payload);
  return verifyEd25519(publicKey, message, signature)
    ? { ok: true, publicKey: formatPublicKey(publicKey) }
    : { ok: false, reason: 'invalid signature' };
}

const nep413MessageSchema = z.lazy(() =>
  z.looseObject({
    signer_id: z.string(),
    deadline: z.string(),
    intents: z.optional(z.array(z.unknown())),
  }),
);

const rawPayloadSchema = z.lazy(() =>
  z.looseObject({
    signer_id: z.string(),
    verifying_contract: z.string(),
    deadline: z.string(),
    nonce: z.string(),
    intents: z.optional(z.array(z.unknown())),
  }),
);

/**
 * The payload the verifier reads out of a signed wrapper (verifier step 3: message JSON plus, for
 * nep413, recipient and nonce from the envelope; raw_ed25519 and webauthn carry the whole payload). Intents are parsed by their schemas (`opts`: parseIntent).
 */
export function extractIntentPayload(
  signed: SignedIntent | StringPayload,
  opts: IntentParseOptions = {},
): IntentPayload {
  let json: unknown;
  try {
    json = JSON.parse(signed.standard === 'nep413' ? signed.payload.message : signed.payload);
  } catch {
    throw new ProtocolError('signed payload is not valid JSON', 'payload');
  }
  if (signed.standard === 'nep413') {
    const m = nep413MessageSchema.safeParse(json);
    if (!m.success) throw protocolErrorFromZod(m.error, 'message');
    return buildIntentPayload(
      {
        signerId: m.data.signer_id,
        verifyingContract: signed.payload.recipient,
        deadline: m.data.deadline,
        nonce: signed.payload.nonce,
        intents: m.data.intents ?? [],
      },
      opts,
    );
  }
  const r = rawPayloadSchema.safeParse(json);
  if (!r.success) throw protocolErrorFromZod(r.error, 'payload');
  return buildIntentPayload(
    {
      signerId: r.data.signer_id,
      verifyingContract: r.data.verifying_contract,
      deadline: r.data.deadline,
      nonce: r.data.nonce,
      intents: r.data.intents ?? [],
    },
    opts,
  );
}

/** NEP-413 wallets return base64 signatures; the verifier wants `ed25519:<base58>`. */
export function signatureBase64ToEd25519(signatureBase64: string): string {
  return `ed25519:${base58.encode(decodeExact(base64, signatureBase64, 64, 'signature'))}`;
}
