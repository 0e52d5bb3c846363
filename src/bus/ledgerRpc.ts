/**
 * Verifier view calls through the ledger's JSON-RPC `query` / `call_function` (docs/services.md, "The ledger
 * RPC"): args go as base64 JSON, the result comes back as bytes of JSON. A contract panic arrives either as
 * `result.error` (a string) or as a JSON-RPC error whose data names it; both become LedgerViewError
 * with the contract's own message (e.g. `nonce was already used`).
 */
import * as z from 'zod/mini';
import { base64, type HttpDeps, HttpError, type MultiPayload, utf8 } from '../core';
import { callJsonRpc, RpcError } from './jsonRpc';
import { type SimulationOutput, simulationOutputSchema } from './schemas';

export class LedgerViewError extends Error {
  override readonly name = 'LedgerViewError';
  constructor(
    message: string,
    /** The contract's panic text when the call reached the contract. */
    readonly panic?: string,
  ) {
    super(message);
  }
}

const callResultSchema = z.lazy(() =>
  z.union([
    z.object({ result: z.array(z.int().check(z.minimum(0), z.maximum(255))), logs: z.optional(z.array(z.string())) }),
    z.object({ error: z.string() }),
  ]),
);

/**
 * The two ways a contract panic reaches a view caller (docs/services.md, "The ledger RPC"): nearcore's
 * `wasm execution failed with error: …GuestPanic { panic_msg: "…" }` (the Rust Debug form, with `\"`
 * and `\\` escapes) and the older `Smart contract panicked: …`.
 */
const GUEST_PANIC_RE = /GuestPanic\s*\{\s*panic_msg:\s*"((?:[^"\\]|\\.)*)"/s;
const PANIC_RE = /Smart contract panicked: (.*?)(?:"\)+)?$/s;

export const isPanic = (text: string): boolean => GUEST_PANIC_RE.test(text) || text.includes('panicked');

/** The contract's own message out of the VM's text (unescaped), or the text as it is. */
export function panicText(text: string): string {
  const guest = GUEST_PANIC_RE.exec(text);
  if (guest) return guest[1]!.replace(/\\(["\\n])/g, (_, c: string) => (c === 'n' ? '\n' : c)).trim();
  const m = PANIC_RE.exec(text);
  return (m?.[1] ?? text).replace(/\\"/g, '"').trim();
}

/** What the wallet reads of NEP-148 metadata; the other fields (name, icon, reference) are not used. */
const ftMetadataSchema = z.lazy(() =>
  z.object({
    symbol: z.string().check(z.minLength(1), z.maxLength(64)),
    decimals: z.int().check(z.minimum(0), z.maximum(255)),
  }),
);
export type FtMetadata = z.output<typeof ftMetadataSchema>;

export interface LedgerRpcOptions {
  url: string;
  /**
   * Further hosts, tried in order when one fails as a transport (docs/services.md, "The ledger RPC":
   * network error, timeout, 429, 5xx, or a JSON-RPC error that is not the contract's panic). A panic
   * or an answer is final and never asked of another host.
   */
  fallbacks?: readonly string[];
  /** Shared between clients: the host that answered last is asked first next time. */
  memory?: { active?: string };
  verifierId: string;
  deps: HttpDeps;
}

/**
 * Transport failures that move to the next host; everything else is the answer. A redirect is never
 * followed (src/core/http.ts), and the next host is one the user configured.
 */
const failsOver = (e: unknown) =>
  (e instanceof HttpError &&
    (e.kind === 'network' ||
      e.kind === 'timeout' ||
      e.kind === 'redirect' ||
      (e.kind === 'http' && (e.status === 429 || (e.status ?? 0) >= 500)))) ||
  (e instanceof RpcError && e.code !== -32602);

export class LedgerRpcClient {
  constructor(private readonly options: LedgerRpcOptions) {}

  /** The hosts in the order they are tried: the one that answered last, then the list. */
  hosts(): string[] {
    const all = [this.options.url, ...(this.options.fallbacks ?? [])];
    const active = this.options.memory?.active;
    return active && all.includes(active) ? [active, ...all.filter((u) => u !== active)] : all;
  }

  private async query(params: Record<string, unknown>, signal?: AbortSignal) {
    const hosts = this.hosts();
    // With somewhere else to go, one retry per host is enough before moving on.
    const deps =
      hosts.length > 1
        ? { ...this.options.deps, policy: { ...this.options.deps.policy, retries: 1 } }
        : this.options.deps;
    let last: unknown;
    for (const url of hosts) {
      try {
        const answer = await callJsonRpc(deps, url, 'query', params, { signal });
        if ('error' in answer) {
          const data = answer.error.data ?? answer.error.cause ?? '';
          const detail = typeof data === 'string' ? data : JSON.stringify(data);
          if (!isPanic(detail)) throw new RpcError(answer.error.code, answer.error.message, answer.error.data);
        }
        if (this.options.memory) this.options.memory.active = url;
        return answer;
      } catch (e) {
        last = e;
        if (signal?.aborted || !failsOver(e)) throw e;
      }
    }
    throw last;
  }

  /** A view of the verifier contract. */
  view<T extends z.ZodMiniType>(method: string, args: unknown, schema: T, signal?: AbortSignal): Promise<z.output<T>> {
    return this.viewOf(this.options.verifierId, method, args, schema, signal);
  }

  /** A view of any contract on the ledger (a token's `ft_metadata`, say): `call_function` on its account. */
  async viewOf<T extends z.ZodMiniType>(
    accountId: string,
    method: string,
    args: unknown,
    schema: T,
    signal?: AbortSignal,
  ): Promise<z.output<T>> {
    const answer = await this.query(
      {
        request_type: 'call_function',
        finality: 'optimistic',
        account_id: accountId,
        method_name: method,
        args_base64: base64.encode(utf8.encode(JSON.stringify(args ?? {}))),
      },
      signal,
    );
    if ('error' in answer) {
      const data = answer.error.data ?? answer.error.cause ?? '';
      const detail = typeof data === 'string' ? data : JSON.stringify(data);
      if (isPanic(detail)) throw new LedgerViewError(`${method} failed`, panicText(detail));
      throw new RpcError(answer.error.code, answer.error.message, answer.error.data);
    }
    const call = callResultSchema.safeParse(answer.result);
    if (!call.success) throw new LedgerViewError(`${method}: unexpected RPC result shape`);
    if ('error' in call.data) throw new LedgerViewError(`${method} failed`, panicText(call.data.error));
    let json: unknown;
    try {
      json = JSON.parse(utf8.decode(Uint8Array.from(call.data.result)));
    } catch {
      throw new LedgerViewError(`${method}: the contract returned something that is not JSON`);
    }
    const parsed = schema.safeParse(json);
    if (!parsed.success)
      throw new LedgerViewError(`${method}: unexpected value (${parsed.error.issues[0]?.message ?? ''})`);
    return parsed.data;
  }

  currentSalt(signal?: AbortSignal): Promise<string> {
    return this.view('current_salt', {}, z.string().check(z.regex(/^[0-9a-f]{8}$/)), signal);
  }

  publicKeysOf(accountId: string, signal?: AbortSignal): Promise<string[]> {
    return this.view('public_keys_of', { account_id: accountId }, z.array(z.string()), signal);
  }

  /**
   * The ids of the tokens `accountId` holds on the verifier, at most `limit` (NEP-245 enumeration,
   * near/intents contracts/defuse/src/contract/tokens/nep245/enumeration.rs: `from_index` and `limit` are
   * optional, an account never seen holds none).
   */
  async mtTokensForOwner(accountId: string, limit: number, signal?: AbortSignal): Promise<string[]> {
    const tokens = await this.view(
      'mt_tokens_for_owner',
      { account_id: accountId, limit },
      z.array(z.object({ token_id: z.string() })),
      signal,
    );
    return tokens.map((t) => t.token_id);
  }

  hasPublicKey(accountId: string, publicKey: string): Promise<boolean> {
    return this.view('has_public_key', { account_id: accountId, public_key: publicKey }, z.boolean());
  }

  isNonceUsed(accountId: string, nonce: string): Promise<boolean> {
    return this.view('is_nonce_used', { account_id: accountId, nonce }, z.boolean());
  }

  mtBatchBalanceOf(accountId: string, tokenIds: readonly string[]): Promise<string[]> {
    return this.view('mt_batch_balance_of', { account_id: accountId, token_ids: tokenIds }, z.array(z.string()));
  }

  fee(): Promise<number> {
    return this.view('fee', {}, z.int().check(z.nonnegative()));
  }

  /**
   * A NEP-141 token's own decimals and symbol (NEP-148 `ft_metadata`, https://nomicon.io/Standards/Tokens/FungibleToken/Metadata),
   * the second word on token facts for a token the wallet's table does not know (docs/security.md, "Token facts").
   */
  ftMetadata(contractId: string, signal?: AbortSignal): Promise<FtMetadata> {
    return this.viewOf(contractId, 'ft_metadata', {}, ftMetadataSchema, signal);
  }

  simulateIntents(signed: readonly MultiPayload[], signal?: AbortSignal): Promise<SimulationOutput> {
    return this.view('simulate_intents', { signed }, simulationOutputSchema, signal);
  }
}
