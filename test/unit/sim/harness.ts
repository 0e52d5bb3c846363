/**
 * Shared helpers for the simulator's tests: a running simulator on a free port (real HTTP), JSON
 * calls, and a user who signs intents with src/core — the real client path.
 */

import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  base64,
  buildIntentPayload,
  encodeVersionedNonce,
  formatPublicKey,
  generateKeyPair,
  hex,
  implicitAccountId,
  type KeyPair,
  type SignedIntent,
  type SigningStandard,
  signIntentPayload,
} from '../../../src/core';
import type { SimConfig } from '../../../src/sim/config';
import { type RunningSimulator, startSimulator } from '../../../src/sim/server';
import { ledgerSalt } from '../../support/ledgerView';

export type { RunningSimulator };

export const random = (n: number) => new Uint8Array(randomBytes(n));

export interface TestSim extends RunningSimulator {
  dataFile?: string | undefined;
}

/** Starts the whole simulator on 127.0.0.1 with a free port; `fast` timing unless told otherwise. */
export async function startTestSim(overrides: Partial<SimConfig> = {}): Promise<TestSim> {
  const sim = await startSimulator({ port: 0, clock: 'manual', ...overrides });
  return Object.assign(sim, { dataFile: overrides.dataFile });
}

/** A fresh directory for data files; remove it with the returned function. */
export function tempDir(): { dir: string; cleanup(): void } {
  const dir = mkdtempSync(join(tmpdir(), 'sim-test-'));
  return { dir, cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}

export interface HttpAnswer<T = unknown> {
  status: number;
  json: T;
  text: string;
}

/** POSTs JSON (a string body is sent as is); the answer's JSON is typed by the caller. */
export async function postJson<T = unknown>(
  url: string,
  body: unknown,
  headers: Record<string, string> = {},
): Promise<HttpAnswer<T>> {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, json: (text ? JSON.parse(text) : null) as T, text };
}

export async function getJson<T = unknown>(url: string): Promise<HttpAnswer<T>> {
  const res = await fetch(url);
  const text = await res.text();
  return { status: res.status, json: JSON.parse(text) as T, text };
}

export interface RpcAnswer<R = unknown> {
  jsonrpc: '2.0';
  id: string | number | null;
  result?: R;
  error?: { code: number; message: string };
}

export interface Offer {
  quote_hash: string;
  defuse_asset_identifier_in: string;
  defuse_asset_identifier_out: string;
  amount_in: string;
  amount_out: string;
  expiration_time: string;
}

export interface PublishAnswer {
  status: 'OK' | 'FAILED';
  intent_hash: string;
  reason?: string;
}

export interface StatusAnswer {
  intent_hash: string;
  status: string;
  data?: { hash: string };
}

/** A bus call with the simulator's key; returns the whole JSON-RPC answer. */
export async function busCall<R = unknown>(
  sim: RunningSimulator,
  method: string,
  params: unknown,
  headers?: Record<string, string>,
): Promise<RpcAnswer<R>> {
  const res = await postJson<RpcAnswer<R>>(
    sim.urls.bus,
    { jsonrpc: '2.0', id: 'dontcare', method, params: [params] },
    headers ?? { 'X-API-Key': sim.busApiKey },
  );
  return res.json;
}

export { ledgerAnswer } from '../../support/ledgerView';

export async function fund(sim: RunningSimulator, accountId: string, tokenId: string, amount: bigint | string) {
  const res = await postJson(`${sim.url}/dev/fund`, { accountId, tokenId, amount: String(amount) });
  if (res.status !== 200) throw new Error(`fund failed: ${res.text}`);
}

export async function balances(sim: RunningSimulator, accountId: string): Promise<Record<string, string>> {
  const res = await getJson<{ balances: Record<string, string> }>(`${sim.url}/dev/balances?accountId=${accountId}`);
  return res.json.balances;
}

export async function advance(sim: RunningSimulator, ms: number) {
  await postJson(`${sim.url}/dev/clock/advance`, { ms });
}

export async function simNow(sim: RunningSimulator): Promise<number> {
  const res = await getJson<{ now: string }>(`${sim.url}/dev/clock`);
  return Date.parse(res.json.now);
}

export interface SignOptions {
  intents: unknown[];
  /** Intent deadline; default sim now + 60 s. */
  deadline?: Date;
  /** Nonce deadline for a versioned nonce; default = intent deadline. */
  nonceDeadline?: Date;
  /** Salt hex for the versioned nonce; default the ledger's current salt. */
  salt?: string;
  /** A complete base64 nonce (e.g. a legacy one); overrides salt/nonceDeadline. */
  nonce?: string;
  signerId?: string;
  verifyingContract?: string;
  standard?: SigningStandard;
  /** Sign with another key than the user's own (e.g. a key not registered for signerId). */
  key?: KeyPair;
  /** Sign the intents exactly as given (nulls, zero amounts), as another client could; not checked by src/core. */
  verbatim?: boolean;
}

/** A user with its own implicit account, signing with src/core. */
export class TestUser {
  readonly key: KeyPair;
  readonly accountId: string;
  readonly publicKey: string;

  constructor(
    private readonly sim: RunningSimulator,
    key?: KeyPair,
  ) {
    this.key = key ?? generateKeyPair(random);
    this.accountId = implicitAccountId(this.key.publicKey);
    this.publicKey = formatPublicKey(this.key.publicKey);
  }

  async sign(opts: SignOptions): Promise<SignedIntent> {
    const now = await simNow(this.sim);
    const deadline = opts.deadline ?? new Date(now + 60_000);
    const salt = opts.salt ?? (await ledgerSalt(this.sim));
    const nonce =
      opts.nonce ??
      encodeVersionedNonce({ salt: hex.decode(salt), deadline: opts.nonceDeadline ?? deadline, random15: random(15) });
    const payload = buildIntentPayload({
      signerId: opts.signerId ?? this.accountId,
      verifyingContract: opts.verifyingContract ?? this.sim.verifierId,
      deadline,
      nonce,
      intents: opts.verbatim ? [] : opts.intents,
    });
    if (opts.verbatim) payload.intents = opts.intents as typeof payload.intents;
    return signIntentPayload((opts.key ?? this.key).secretSeed, payload, opts.standard ?? 'nep413');
  }
}

/** A legacy (non-versioned) nonce: 32 random bytes that do not start with the versioned magic. */
export function legacyNonce(): string {
  const bytes = random(32);
  bytes[0] = 0x01;
  return base64.encode(bytes);
}
