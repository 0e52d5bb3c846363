/**
 * The verifier's `webauthn` signed payload (docs/protocol.md, "The webauthn payload"; near/intents
 * contracts/defuse/core/src/payload/webauthn.rs and crates/signatures/webauthn/src/lib.rs):
 * `{standard:'webauthn', payload, public_key, signature, client_data_json, authenticator_data}`, where
 * `payload` is the whole intent payload as a JSON string (as raw_ed25519 has it) and the intent hash is
 * SHA-256 of it. The verifier's checks, in its order, every failure being `invalid signature`:
 *  1. the key and the signature are of one curve (p256 or ed25519) and well formed: a p256 key a point on
 *     the curve, a p256 signature 0 < r, s < n;
 *  2. authenticatorData is at least 37 bytes; its flags have UP, and not BS without BE (UV is not required);
 *  3. clientDataJSON reads as `{type, challenge, origin}`, `type` is `webauthn.get`;
 *  4. its challenge (base64url) is SHA-256(payload);
 *  5. the signature covers authenticatorData ‖ SHA-256(clientDataJSON): ed25519 over those bytes (weak
 *     keys refused), p256 ECDSA over SHA-256 of them with a low `s`.
 * The origin and the rpIdHash are not checked by the verifier, so a passkey whose relying party is the
 * extension signs for it.
 */
import { sha256 } from '@noble/hashes/sha2.js';
import * as z from 'zod/mini';
import { base64url, bytesEqual, concatBytes, utf8 } from './encoding';
import { formatPublicKey } from './keys';
import { verifyEd25519 } from './nep413';
import { formatP256PublicKey, formatP256Signature, isCanonicalP256Signature } from './p256';
import { type IntentPayload, rawPayloadOf } from './payload';
import { curveText, KEY_BYTES, SIGNATURE_BYTES } from './verifierKeys';

function isBase64url(text: string): boolean {
  try {
    base64url.decode(text);
    return true;
  } catch {
    return false;
  }
}

export const signedWebauthnSchema = z.lazy(() =>
  z.strictObject({
    standard: z.literal('webauthn'),
    payload: z.string(),
    public_key: z.string().check(z.refine((s) => curveText(s, KEY_BYTES) !== null, 'must be <curve>:<base58 key>')),
    signature: z
      .string()
      .check(z.refine((s) => curveText(s, SIGNATURE_BYTES) !== null, 'must be <curve>:<base58 signature>')),
    client_data_json: z.string(),
    authenticator_data: z.string().check(z.refine(isBase64url, 'must be base64url')),
  }),
);
export type SignedWebauthn = z.output<typeof signedWebauthnSchema>;

/** The WebAuthn challenge for a payload string: SHA-256 of its UTF-8 bytes (the verifier's `hash()`). */
export const webauthnChallenge = (payload: string): Uint8Array => sha256(utf8.encode(payload));

/** The payload string a passkey signs for an intent payload (the raw_ed25519 form), and its challenge. */
export function webauthnRequestOf(payload: IntentPayload): { payload: string; challenge: Uint8Array } {
  const text = rawPayloadOf(payload);
  return { payload: text, challenge: webauthnChallenge(text) };
}

const FLAG_UP = 1 << 0;
const FLAG_BE = 1 << 3;
const FLAG_BS = 1 << 4;

const clientDataSchema = z.lazy(() =>
  z.object({
    type: z.enum(['webauthn.get', 'webauthn.create']),
    challenge: z.string().check(z.refine(isBase64url)),
    origin: z.string(),
  }),
);

/**
 * Steps 2-4 for an assertion: null when the verifier would go on to the signature, else what is wrong in
 * words (the verifier itself says only `invalid signature`).
 */
export function assertionProblem(
  authenticatorData: Uint8Array,
  clientDataJson: string,
  challenge: Uint8Array,
): string | null {
  if (authenticatorData.length < 37) return 'the authenticator data is shorter than 37 bytes';
  const flags = authenticatorData[32]!;
  if (!(flags & FLAG_UP)) return 'the authenticator did not report the user present (UP flag)';
  if (flags & FLAG_BS && !(flags & FLAG_BE))
    return 'the authenticator reports a backed-up credential that is not backup-eligible';
  let json: unknown;
  try {
    json = JSON.parse(clientDataJson);
  } catch {
    return 'the client data is not JSON';
  }
  const client = clientDataSchema.safeParse(json);
  if (!client.success) return 'the client data lacks its type, challenge or origin';
  if (client.data.type !== 'webauthn.get')
    return `the client data is of type '${client.data.type}', not 'webauthn.get'`;
  if (!bytesEqual(base64url.decode(client.data.challenge), challenge)) return 'the assertion answers another challenge';
  return null;
}

/** What the signature covers: authenticatorData ‖ SHA-256(clientDataJSON). */
export const webauthnSignedBytes = (authenticatorData: Uint8Array, clientDataJson: string): Uint8Array =>
  concatBytes(authenticatorData, sha256(utf8.encode(clientDataJson)));

/** The ECDSA P-256/SHA-256 check, passed in (r‖s, x‖y): WebCrypto in the extension, node's in the simulator. */
export type P256Verify = (xy: Uint8Array, message: Uint8Array, rs: Uint8Array) => boolean;
export type P256VerifyAsync = (xy: Uint8Array, message: Uint8Array, rs: Uint8Array) => Promise<boolean>;

export type WebauthnVerifyResult =
  | { ok: true; publicKey: string }
  | { ok: false; reason: 'invalid signature'; detail: string };

/** One assertion to check against a key and the challenge it must answer. */
export interface WebauthnAssertion {
  /** `p256:<x‖y>` or `ed25519:<key>`, as the signed payload carries it. */
  publicKey: string;
  /** `p256:<r‖s>` or `ed25519:<signature>`. */
  signature: string;
  authenticatorData: Uint8Array;
  clientDataJson: string;
  challenge: Uint8Array;
}

type Prepared =
  | { ok: false; detail: string }
  | { ok: true; curve: 'ed25519' | 'p256'; key: Uint8Array; signature: Uint8Array; message: Uint8Array };

function prepare(a: WebauthnAssertion): Prepared {
  const key = curveText(a.publicKey, KEY_BYTES);
  const signature = curveText(a.signature, SIGNATURE_BYTES);
  if (!key || !signature) return { ok: false, detail: 'the key or the signature is not a verifier text' };
  if (key.curve !== signature.curve || key.curve === 'secp256k1') {
    return { ok: false, detail: 'the key and the signature are not both p256 or both ed25519' };
  }
  if (key.curve === 'p256' && !isCanonicalP256Signature(signature.bytes)) {
    // The range (0 < r, s < n) is checked before the assertion, the low `s` after it: both refuse.
    return { ok: false, detail: 'the p256 signature is not r‖s with 0 < r, s < n and a low s' };
  }
  const problem = assertionProblem(a.authenticatorData, a.clientDataJson, a.challenge);
  if (problem) return { ok: false, detail: problem };
  return {
    ok: true,
    curve: key.curve,
    key: key.bytes,
    signature: signature.bytes,
    message: webauthnSignedBytes(a.authenticatorData, a.clientDataJson),
  };
}

function finish(p: Extract<Prepared, { ok: true }>, valid: boolean): WebauthnVerifyResult {
  if (!valid) return fail('the signature does not verify');
  return { ok: true, publicKey: p.curve === 'p256' ? formatP256PublicKey(p.key) : formatPublicKey(p.key) };
}

const fail = (detail: string): WebauthnVerifyResult => ({ ok: false, reason: 'invalid signature', detail });

/** The verifier's whole check of an assertion with a synchronous P-256 primitive (the simulator's). */
export function verifyWebauthnAssertion(a: WebauthnAssertion, p256: P256Verify): WebauthnVerifyResult {
  const p = prepare(a);
  if (!p.ok) return fail(p.detail);
  return finish(
    p,
    p.curve === 'p256' ? p256(p.key, p.message, p.signature) : verifyEd25519(p.key, p.message, p.signature),
  );
}

/** The same with an asynchronous one (WebCrypto's, in the extension). */
export async function verifyWebauthnAssertionAsync(
  a: WebauthnAssertion,
  p256: P256VerifyAsync,
): Promise<WebauthnVerifyResult> {
  const p = prepare(a);
  if (!p.ok) return fail(p.detail);
  const valid =
    p.curve === 'p256' ? await p256(p.key, p.message, p.signature) : verifyEd25519(p.key, p.message, p.signature);
  return finish(p, valid);
}

/** The assertion a signed payload carries, to answer SHA-256 of its payload string. */
export function assertionOf(signedInput: SignedWebauthn): WebauthnAssertion {
  const signed = signedWebauthnSchema.parse(signedInput);
  return {
    publicKey: signed.public_key,
    signature: signed.signature,
    authenticatorData: base64url.decode(signed.authenticator_data),
    clientDataJson: signed.client_data_json,
    challenge: webauthnChallenge(signed.payload),
  };
}

/** The verifier's check of a signed `webauthn` payload (synchronous P-256: the simulator). */
export const verifyWebauthn = (signed: SignedWebauthn, p256: P256Verify): WebauthnVerifyResult =>
  verifyWebauthnAssertion(assertionOf(signed), p256);

/** The same, asynchronous P-256 (the extension). */
export const verifyWebauthnAsync = (signed: SignedWebauthn, p256: P256VerifyAsync): Promise<WebauthnVerifyResult> =>
  verifyWebauthnAssertionAsync(assertionOf(signed), p256);

/** The signed wrapper for an assertion over `webauthnRequestOf(payload)` by a P-256 passkey (r‖s, low s). */
export function signedWebauthnOf(
  payload: IntentPayload,
  publicKey: string,
  rs: Uint8Array,
  clientDataJson: string,
  authenticatorData: Uint8Array,
): SignedWebauthn {
  return {
    standard: 'webauthn',
    payload: rawPayloadOf(payload),
    public_key: publicKey,
    signature: formatP256Signature(rs),
    client_data_json: clientDataJson,
    authenticator_data: base64url.encode(authenticatorData),
  };
}
