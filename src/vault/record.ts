/**
 * The encrypted vault record: one versioned, self-describing JSON object (docs/architecture.md, "Where state
 * lives"). PBKDF2-SHA256 (WebCrypto) → 256-bit key → AES-256-GCM. The KDF and its parameters are in the
 * record so they can be raised later. A `check` block (a known constant under its own IV) tells a wrong
 * password (check fails) from a damaged record (check passes, data fails).
 */
import * as z from 'zod/mini';
import { base64, utf8 } from '../core';
import { VaultError } from './errors';

export const RECORD_FORMAT = 'intents-companion-vault';
export const RECORD_VERSION = 1;
/** OWASP's floor for PBKDF2-HMAC-SHA256; MetaMask's extension vaults use it. */
export const MIN_ITERATIONS = 600_000;
/** @metamask/browser-passworder's current default; ~150 ms here (`npm run bench` prints the unlock time). */
export const DEFAULT_ITERATIONS = 900_000;
const CHECK_TEXT = 'intents-companion vault key check v1';

const b64 = (bytes: number | 'any') =>
  z.string().check(
    z.refine(
      (s) => {
        try {
          const n = base64.decode(s).length;
          return bytes === 'any' ? n > 0 : n === bytes;
        } catch {
          return false;
        }
      },
      bytes === 'any' ? 'must be base64' : `must be base64 of ${bytes} bytes`,
    ),
  );

const sealedSchema = z.strictObject({ iv: b64(12), ciphertext: b64('any') });

/** The record's shape, refusing fewer than `minIterations` PBKDF2 iterations (see `readRecord`). */
const recordSchema = (minIterations: number) =>
  z.strictObject({
    format: z.literal(RECORD_FORMAT),
    version: z.literal(RECORD_VERSION),
    kdf: z.strictObject({
      name: z.literal('PBKDF2'),
      hash: z.literal('SHA-256'),
      iterations: z.int().check(z.minimum(minIterations), z.maximum(100_000_000)),
      salt: b64(32),
    }),
    cipher: z.strictObject({ name: z.literal('AES-GCM'), keyLength: z.literal(256) }),
    check: sealedSchema,
    data: sealedSchema,
  });

export type VaultRecord = z.output<ReturnType<typeof recordSchema>>;
type Sealed = z.output<typeof sealedSchema>;

/**
 * Brings a stored value to the current record version, or says why it cannot. Future versions add a
 * step here (`from` → `from + 1`); the result is always checked by the schema before it is used.
 */
const MIGRATIONS: Record<number, (old: Record<string, unknown>) => Record<string, unknown>> = {};

/**
 * Checks a stored value and brings it to the current version. `minIterations` is the KDF floor: production
 * always reads with MIN_ITERATIONS (the default); only the vault's own tests pass a lower one, through
 * `VaultOptions.minIterations` (docs/testing.md, "Mutation testing").
 */
export function readRecord(raw: unknown, minIterations: number = MIN_ITERATIONS): VaultRecord {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
    throw new VaultError('corrupted', 'The stored vault is damaged (not an object). It was left untouched.');
  }
  let value = raw as Record<string, unknown>;
  if (value.format !== RECORD_FORMAT) {
    throw new VaultError('corrupted', 'The stored vault is damaged (unknown format). It was left untouched.');
  }
  let version = value.version;
  while (typeof version === 'number' && version < RECORD_VERSION) {
    const step = MIGRATIONS[version];
    if (!step) break;
    value = step(value);
    version = value.version;
  }
  if (typeof version === 'number' && version > RECORD_VERSION) {
    throw new VaultError(
      'unsupported_version',
      `The vault was written by a newer version (record v${version}). Update the extension.`,
    );
  }
  const parsed = recordSchema(minIterations).safeParse(value);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new VaultError(
      'corrupted',
      `The stored vault is damaged (${issue?.path.join('.') || 'record'}: ${issue?.message}). It was left untouched.`,
    );
  }
  return parsed.data;
}

/** WebCrypto wants ArrayBuffer-backed views; a copy also keeps callers' buffers out of its reach. */
const bs = (b: Uint8Array): Uint8Array<ArrayBuffer> => new Uint8Array(b);

function subtle(): SubtleCrypto {
  return globalThis.crypto.subtle;
}

/** PBKDF2-SHA256 → 32 key bytes (kept raw so the unlocked key can live in storage.session). */
export async function deriveKeyBytes(password: string, salt: Uint8Array, iterations: number): Promise<Uint8Array> {
  const base = await subtle().importKey('raw', bs(utf8.encode(password)), 'PBKDF2', false, ['deriveBits']);
  const bits = await subtle().deriveBits({ name: 'PBKDF2', hash: 'SHA-256', salt: bs(salt), iterations }, base, 256);
  return new Uint8Array(bits);
}

async function aesKey(keyBytes: Uint8Array): Promise<CryptoKey> {
  return subtle().importKey('raw', bs(keyBytes), { name: 'AES-GCM' }, false, ['encrypt', 'decrypt']);
}

async function seal(key: CryptoKey, plaintext: Uint8Array, iv: Uint8Array): Promise<Sealed> {
  const ct = await subtle().encrypt({ name: 'AES-GCM', iv: bs(iv) }, key, bs(plaintext));
  return { iv: base64.encode(iv), ciphertext: base64.encode(new Uint8Array(ct)) };
}

async function open(key: CryptoKey, sealed: Sealed): Promise<Uint8Array | null> {
  try {
    const pt = await subtle().decrypt(
      { name: 'AES-GCM', iv: bs(base64.decode(sealed.iv)) },
      key,
      bs(base64.decode(sealed.ciphertext)),
    );
    return new Uint8Array(pt);
  } catch {
    return null;
  }
}

export interface KeyMaterial {
  keyBytes: Uint8Array;
  salt: Uint8Array;
  iterations: number;
}

/** Encrypts `plaintext` under the key, with a fresh IV for each sealed block. */
export async function writeRecord(
  material: KeyMaterial,
  plaintext: Uint8Array,
  random: (n: number) => Uint8Array,
): Promise<VaultRecord> {
  const key = await aesKey(material.keyBytes);
  return {
    format: RECORD_FORMAT,
    version: RECORD_VERSION,
    kdf: { name: 'PBKDF2', hash: 'SHA-256', iterations: material.iterations, salt: base64.encode(material.salt) },
    cipher: { name: 'AES-GCM', keyLength: 256 },
    check: await seal(key, utf8.encode(CHECK_TEXT), random(12)),
    data: await seal(key, plaintext, random(12)),
  };
}

/** Decrypts with key bytes: wrong key → `wrong_password`; right key but bad data → `corrupted`. */
export async function openRecord(record: VaultRecord, keyBytes: Uint8Array): Promise<Uint8Array> {
  const key = await aesKey(keyBytes);
  const check = await open(key, record.check);
  if (!check || utf8.decode(check) !== CHECK_TEXT) throw new VaultError('wrong_password', 'Wrong password.');
  const data = await open(key, record.data);
  if (!data)
    throw new VaultError(
      'corrupted',
      'The stored vault is damaged (its data does not decrypt). It was left untouched.',
    );
  return data;
}
