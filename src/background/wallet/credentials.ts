/**
 * The rules for the two credentials the wallet holds for the user: the partner JWT (`Authorization:
 * Bearer`, swap service and transactions API) and the message-bus API key (`X-API-Key`).
 * docs/security.md, "Credentials":
 *
 * - Bound to origins. The bus key is bound to the message bus's origin. The JWT is bound to the swap
 *   service's origin and, when that endpoint is https or loopback too, to the transactions API's
 *   origin, both as configured when the JWT is saved: it is sent to the transactions API only when
 *   that API's origin was bound with it. When any origin a credential is bound to changes (a preset
 *   switch or an edited endpoint), the credential is cleared; it never follows an endpoint.
 * - Transport. A credential is saved only for an https endpoint, or an http one on this computer
 *   (127.0.0.0/8, localhost, [::1]); core/http.ts enforces the same rule on every request and refuses
 *   redirects for credentialed requests.
 * - At rest. Sealed with AES-GCM under a random credentials key kept inside the vault's encrypted
 *   contents (src/vault/credentialCipher.ts). storage.local was readable by content scripts before the
 *   wallet restricted it (../trustedStorage.ts), and a copy of the profile reads it still
 *   (https://developer.chrome.com/docs/extensions/reference/api/storage#storage-areas), so it holds
 *   only ciphertext; the binding is the additional authenticated data, so editing the stored origins
 *   breaks decryption. The key is only in memory while the vault is unlocked (and comes back with the
 *   vault's own session key after a worker restart), so a locked wallet uses no credential.
 * - Entered while locked (or before a wallet exists), a credential waits in storage.session (memory
 *   only, never on disk, not exposed to content scripts) and is sealed at the next unlock or creation.
 */
import * as z from 'zod/mini';
import type { Endpoints } from '../../api/walletApi';
import { credentialOrigin, ProtocolError } from '../../core';
import { phrase, type Sub } from '../../core/phrase';
import type { KeyValue } from '../kv';

export const CREDENTIAL_FIELDS = ['jwt', 'busApiKey'] as const;
export type CredentialField = (typeof CREDENTIAL_FIELDS)[number];

export const CREDENTIAL_LABEL: Record<CredentialField, string> = { jwt: 'JWT', busApiKey: 'message-bus API key' };

/** Each credential as the Settings form names it, for the person's words ("JWT" is its name in every language). */
const CREDENTIAL_WORDS: Record<CredentialField, Sub> = { jwt: 'JWT', busApiKey: phrase('advanced_busKey') };
export const credentialWords = (field: CredentialField): Sub => CREDENTIAL_WORDS[field];

/** Where each credential goes: the first endpoint is required to allow it, the others are bound when they allow it. */
const ENDPOINTS_OF: Record<CredentialField, readonly (keyof Endpoints)[]> = {
  jwt: ['swap', 'transactions'],
  busApiKey: ['bus'],
};
const ENDPOINT_LABEL: Record<keyof Endpoints, string> = {
  swap: 'swap service',
  transactions: 'transactions API',
  bus: 'message bus',
  ledgerRpc: 'ledger RPC',
};
const ENDPOINT_ORDER = ['swap', 'transactions', 'bus', 'ledgerRpc'] as const satisfies readonly (keyof Endpoints)[];

const originText = z.lazy(() => z.string().check(z.minLength(1), z.maxLength(512)));
export const bindingSchema = z.lazy(() =>
  z.strictObject({
    swap: z.optional(originText),
    transactions: z.optional(originText),
    bus: z.optional(originText),
    ledgerRpc: z.optional(originText),
  }),
);
/** Endpoint → the origin the credential was saved for. */
export type Binding = z.output<typeof bindingSchema>;

const base64Text = z.lazy(() => z.string().check(z.minLength(1), z.maxLength(8192), z.regex(/^[A-Za-z0-9+/]+={0,2}$/)));
export const sealedTextSchema = z.strictObject({ iv: base64Text, ciphertext: base64Text });
export type SealedText = z.output<typeof sealedTextSchema>;

/** A credential as storage.local keeps it: its binding and its ciphertext, never the value. */
export const storedCredentialSchema = z.strictObject({ bound: bindingSchema, iv: base64Text, ciphertext: base64Text });
export type StoredCredential = z.output<typeof storedCredentialSchema>;

/** Seals and opens credentials with a key only the unlocked vault holds (src/vault/vault.ts). */
export interface CredentialCipher {
  readonly isUnlocked: boolean;
  /** Throws VaultError `locked` while locked. */
  sealCredential(plaintext: string, aad: string): Promise<SealedText>;
  /** Throws VaultError `locked` while locked, `corrupted` when it does not open under this key and binding. */
  openCredential(sealed: SealedText, aad: string): Promise<string>;
}

function originOf(url: string): string | null {
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
}

/**
 * The origins a credential entered now is bound to; throws a ProtocolError naming the field when
 * its required endpoint is neither https nor loopback http.
 */
export function bindingFor(field: CredentialField, endpoints: Endpoints): Binding {
  const [required, ...optional] = ENDPOINTS_OF[field];
  const url = endpoints[required!];
  const origin = credentialOrigin(url);
  if (origin === null) {
    throw new ProtocolError(
      `the ${CREDENTIAL_LABEL[field]} is sent only over https, or over http to this computer (127.0.0.1, localhost, [::1]); the ${ENDPOINT_LABEL[required!]} URL ${url} is neither. Use an https endpoint.`,
      field,
    );
  }
  const binding: Binding = { [required!]: origin };
  for (const key of optional) {
    const o = credentialOrigin(endpoints[key]);
    if (o !== null) binding[key] = o;
  }
  return binding;
}

/**
 * What a plaintext credential from an older version counts as bound to: the origins of the endpoints
 * it was used with (unchecked: it is cleared like any other when one of them changes).
 */
export function legacyBinding(field: CredentialField, endpoints: Endpoints): Binding {
  const binding: Binding = {};
  for (const key of ENDPOINTS_OF[field]) {
    const o = originOf(endpoints[key]);
    if (o !== null) binding[key] = o;
  }
  return binding;
}

/** True while every origin of the binding is still the configured one (and the required one is bound). */
export function isStillBound(field: CredentialField, binding: Binding, endpoints: Endpoints): boolean {
  if (binding[ENDPOINTS_OF[field][0]!] === undefined) return false;
  return ENDPOINT_ORDER.every((key) => binding[key] === undefined || binding[key] === originOf(endpoints[key]));
}

export function originsOf(binding: Binding): string[] {
  return [...new Set(ENDPOINT_ORDER.flatMap((key) => (binding[key] === undefined ? [] : [binding[key]])))];
}

/** Additional authenticated data: the field and its binding, in a fixed order. */
export function aadFor(field: CredentialField, binding: Binding): string {
  return JSON.stringify(['intents-companion credential v1', field, ENDPOINT_ORDER.map((key) => binding[key] ?? null)]);
}

const waitingEntry = z.lazy(() =>
  z.strictObject({
    value: z.string().check(z.minLength(1), z.maxLength(4096)),
    bound: bindingSchema,
  }),
);
const waitingSchema = z.lazy(() =>
  z.strictObject({ jwt: z.optional(waitingEntry), busApiKey: z.optional(waitingEntry) }),
);
export type Waiting = z.output<typeof waitingSchema>;

export const WAITING_KEY = 'credentials.waiting';

/** Credentials entered while locked, in storage.session until the next unlock seals them. */
export class WaitingCredentials {
  constructor(private readonly session: KeyValue) {}

  read(): Promise<Waiting> {
    // Damaged (it never is unless edited by hand): as if nothing waited; the user enters it again.
    return this.session.readOr(WAITING_KEY, waitingSchema, {});
  }

  /**
   * What waits, and whether anything is stored at all (a damaged value too), so that a caller that
   * takes it all removes it only when there is something to remove: every restart of an unlocked
   * worker looks, and almost always finds nothing.
   */
  async pending(): Promise<{ waiting: Waiting; stored: boolean }> {
    const raw = await this.session.asFound(WAITING_KEY);
    if (raw === undefined) return { waiting: {}, stored: false };
    const parsed = waitingSchema.safeParse(raw);
    return { waiting: parsed.success ? parsed.data : {}, stored: true };
  }

  async write(waiting: Waiting): Promise<void> {
    if (CREDENTIAL_FIELDS.some((f) => waiting[f] !== undefined)) await this.session.write(WAITING_KEY, waiting);
    else await this.session.remove(WAITING_KEY);
  }
}
