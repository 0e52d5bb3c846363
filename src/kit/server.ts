/**
 * Server-side sign-in for a dApp (docs/dapps.md, "Sign-in backend"): the page asked the wallet for a
 * NEP-413 signature (intents_signMessage) over a message, nonce and recipient this server issued;
 * verifySignIn checks the signature over exactly those (https://github.com/near/NEPs/blob/master/neps/nep-0413.md),
 * then that the key belongs to the account on the intents contract (`has_public_key`): an intents
 * account's keys live in the verifier's own registry, not in the account's NEAR access keys, and an
 * implicit account (64 hex characters) counts its own key until it is removed, which the contract says.
 */
import { ed25519 } from '@noble/curves/ed25519.js';
import { sha256 } from '@noble/hashes/sha2.js';
import type { SignMessageResult } from './protocol.js';

/** NEP-413's prefix tag: 2^31 + 413 (NEP-461). */
const NEP413_TAG = 2 ** 31 + 413;

export interface Challenge {
  message: string;
  /** 32 bytes, as base64 (what the page sends as `nonce`). */
  nonce: string;
  /** Who the signature is for: your site's host (the page's `recipient`). */
  recipient: string;
  callbackUrl?: string;
}

export type SignInFailure = 'input' | 'signature' | 'key' | 'rpc';

export class SignInError extends Error {
  override readonly name = 'SignInError';
  constructor(
    readonly reason: SignInFailure,
    message: string,
  ) {
    super(message);
  }
}

export interface VerifySignInOptions {
  /** What the wallet answered to intents_signMessage. */
  response: SignMessageResult;
  /** What this server issued for this sign-in (look it up by nonce; use it once). */
  issued: Challenge;
  /** A NEAR RPC for the network the sign-in is on (https://rpc.mainnet.near.org, or the simulator's /ledger-rpc). */
  rpcUrl: string;
  /** The intents contract; default `intents.near`. Read it from intents_network on the page's network. */
  verifierId?: string;
  fetch?: typeof fetch;
}

/** A fresh challenge: 32 random bytes of nonce. Store it, send it to the page, and delete it when used. */
export function createChallenge(recipient: string, message = `Sign in to ${recipient}`): Challenge {
  return { message, recipient, nonce: toBase64(crypto.getRandomValues(new Uint8Array(32))) };
}

/** The signed-in account, or a SignInError saying what failed. */
export async function verifySignIn(o: VerifySignInOptions): Promise<{ accountId: string; publicKey: string }> {
  const { accountId, publicKey, signature } = o.response;
  const key = decodeKey(publicKey);
  const nonce = fromBase64(o.issued.nonce);
  if (nonce.length !== 32) throw new SignInError('input', 'The issued nonce is not 32 bytes');
  const sig = fromBase64(signature);
  if (sig.length !== 64) throw new SignInError('input', 'The signature is not 64 bytes');
  const digest = sha256(nep413Payload(o.issued, nonce));
  let valid = false;
  try {
    valid = ed25519.verify(sig, digest, key, { zip215: false });
  } catch {
    valid = false;
  }
  if (!valid)
    throw new SignInError('signature', 'The signature does not match the issued message, nonce and recipient');
  if (!(await hasPublicKey(o, accountId, publicKey)))
    throw new SignInError('key', `${publicKey} is not a key of ${accountId} on the intents contract`);
  return { accountId, publicKey };
}

async function hasPublicKey(o: VerifySignInOptions, accountId: string, publicKey: string): Promise<boolean> {
  const args = toBase64(new TextEncoder().encode(JSON.stringify({ account_id: accountId, public_key: publicKey })));
  const body = {
    jsonrpc: '2.0',
    id: 'verifySignIn',
    method: 'query',
    params: {
      request_type: 'call_function',
      finality: 'final',
      account_id: o.verifierId ?? 'intents.near',
      method_name: 'has_public_key',
      args_base64: args,
    },
  };
  let answer: { result?: { result?: number[] }; error?: unknown };
  try {
    const res = await (o.fetch ?? fetch)(o.rpcUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
      redirect: 'error',
    });
    answer = (await res.json()) as typeof answer;
  } catch (e) {
    throw new SignInError('rpc', `The NEAR RPC could not be asked: ${e instanceof Error ? e.message : String(e)}`);
  }
  const bytes = answer.result?.result;
  if (!Array.isArray(bytes))
    throw new SignInError('rpc', `has_public_key failed: ${JSON.stringify(answer.error ?? answer)}`);
  return JSON.parse(new TextDecoder().decode(Uint8Array.from(bytes))) === true;
}

/** Borsh of the tag and `{message, nonce, recipient, callbackUrl}` (NEP-413). */
function nep413Payload(c: Challenge, nonce: Uint8Array): Uint8Array {
  const parts: Uint8Array[] = [u32(NEP413_TAG), str(c.message), nonce, str(c.recipient)];
  parts.push(c.callbackUrl === undefined ? Uint8Array.of(0) : concat([Uint8Array.of(1), str(c.callbackUrl)]));
  return concat(parts);
}

function u32(n: number): Uint8Array {
  const b = new Uint8Array(4);
  new DataView(b.buffer).setUint32(0, n, true);
  return b;
}
function str(s: string): Uint8Array {
  const bytes = new TextEncoder().encode(s);
  return concat([u32(bytes.length), bytes]);
}
function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

function toBase64(bytes: Uint8Array): string {
  return btoa(String.fromCharCode(...bytes));
}
function fromBase64(text: string): Uint8Array {
  try {
    return Uint8Array.from(atob(text), (c) => c.charCodeAt(0));
  } catch {
    throw new SignInError('input', 'Not base64');
  }
}

const B58 = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';

/** `ed25519:<base58>` → the 32 key bytes. */
function decodeKey(text: string): Uint8Array {
  const m = /^ed25519:([1-9A-HJ-NP-Za-km-z]+)$/.exec(text);
  if (!m) throw new SignInError('input', 'The public key is not ed25519:<base58>');
  let n = 0n;
  for (const ch of m[1]!) n = n * 58n + BigInt(B58.indexOf(ch));
  const bytes: number[] = [];
  for (; n > 0n; n >>= 8n) bytes.unshift(Number(n & 0xffn));
  for (const ch of m[1]!) {
    if (ch !== '1') break;
    bytes.unshift(0);
  }
  if (bytes.length !== 32) throw new SignInError('input', 'The public key is not 32 bytes');
  return Uint8Array.from(bytes);
}
