/**
 * What storage keeps sealed and what it keeps in the clear (docs/security.md, "What storage keeps").
 * A record of the person's own life (swaps and their payments, Activity, balances, drafts, kept
 * signatures, the used-nonce registry, the selected account) is sealed under the vault's data key, which
 * exists only while the wallet is unlocked: a copy of the profile without the password shows none of it.
 * The few records left in the clear are listed here with the reason the locked wallet needs them; a key
 * not listed is sealed, so a record added later is private unless someone writes down why it may not be.
 *
 * A sealed record is `{sealed: 1, iv, ciphertext}`: the JSON of the value, deflated (the Compression
 * Streams API, https://compression.spec.whatwg.org/) and sealed with AES-256-GCM by the vault, with the
 * record's key as additional data, so a sealed value moved to another key does not open. It is stored
 * under `p.<hex>`, a keyed hash of that key, since keys name accounts (`balances:<account>`) too.
 */
import * as z from 'zod/mini';
import { base64, utf8 } from '../core';

/** Set once every private record is sealed (at a wallet's creation, or the first unlock after an update). */
export const SEALED_MARKER = 'records.sealed';

/** Keys (exact, or a prefix ending in `:` or `.`) the locked wallet reads, each with why. */
export const CLEAR_RECORDS: readonly { key: string; why: string }[] = [
  {
    key: 'settings',
    why: 'the network and endpoints the locked wallet shows and talks to; credentials inside are sealed on their own',
  },
  { key: 'settings.', why: 'a damaged settings value set aside, as it was found' },
  {
    key: 'networkGrants',
    why: 'which sites are connected on each network, and with which accounts: a locked wallet tells a connected site (its request waits for the unlock) from a stranger (refused)',
  },
  { key: 'networkGrants.', why: 'a damaged grants value set aside, as it was found' },
  {
    key: 'toolbarOpens',
    why: 'whether the toolbar button opens the popup or the side panel: applied at every worker start, locked or not',
  },
  { key: 'grants', why: 'the grants of versions before networks were told apart: read once, to be deleted' },
  {
    key: SEALED_MARKER,
    why: 'says that every private record was sealed, so a private record found in the clear is damage',
  },
  {
    key: 'storage.moved',
    why: 'says that what an earlier version kept in storage.local was moved to IndexedDB (./trustedStorage.ts)',
  },
];

export function isClearRecord(key: string): boolean {
  return CLEAR_RECORDS.some(({ key: k }) => (k.endsWith(':') || k.endsWith('.') ? key.startsWith(k) : key === k));
}

const envelopeSchema = z.lazy(() =>
  z.strictObject({
    sealed: z.literal(1),
    iv: z.string().check(z.regex(/^[A-Za-z0-9+/]{16}$/)),
    ciphertext: z.string().check(z.regex(/^[A-Za-z0-9+/]+={0,2}$/)),
  }),
);
export type SealedEnvelope = z.output<typeof envelopeSchema>;

export function asEnvelope(raw: unknown): SealedEnvelope | null {
  const parsed = envelopeSchema.safeParse(raw);
  return parsed.success ? parsed.data : null;
}

/** The vault's sealing and naming of private records (src/vault: sealData/openData/recordName); throws VaultError `locked` while locked. */
export interface RecordCipher {
  sealData(plaintext: string, aad: string): Promise<{ iv: string; ciphertext: string }>;
  openData(sealed: { iv: string; ciphertext: string }, aad: string): Promise<string>;
  recordName(logical: string): Promise<string>;
}

/** Stored names of private records: this prefix and a keyed hash of the record's key (never the key itself). */
export const SEALED_PREFIX = 'p.';
export const isSealedName = (stored: string) => stored.startsWith(SEALED_PREFIX);

/** Additional data: the storage key, under a fixed label and version. */
export const recordAad = (key: string) => `intents-companion record v1 ${key}`;

async function pipe(bytes: Uint8Array, stream: CompressionStream | DecompressionStream): Promise<Uint8Array> {
  const out = new Blob([bytes as Uint8Array<ArrayBuffer>]).stream().pipeThrough(stream);
  return new Uint8Array(await new Response(out).arrayBuffer());
}

export async function sealRecord(cipher: RecordCipher, key: string, value: unknown): Promise<SealedEnvelope> {
  const packed = await pipe(utf8.encode(JSON.stringify(value)), new CompressionStream('deflate-raw'));
  const sealed = await cipher.sealData(base64.encode(packed), recordAad(key));
  return { sealed: 1, iv: sealed.iv, ciphertext: sealed.ciphertext };
}

/** The value sealed under `key`; throws VaultError (`locked`, `corrupted`) or a parse error for damage. */
export async function openRecord(cipher: RecordCipher, key: string, envelope: SealedEnvelope): Promise<unknown> {
  const packed = base64.decode(await cipher.openData(envelope, recordAad(key)));
  return JSON.parse(utf8.decode(await pipe(packed, new DecompressionStream('deflate-raw'))));
}
