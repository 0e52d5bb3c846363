/** JSON-RPC 2.0 over the shared HTTP helper (timeouts, retries): the message bus and the ledger RPC. */
import * as z from 'zod/mini';
import { type HttpDeps, type RequestAuth, requestJson } from '../core';

export class RpcError extends Error {
  override readonly name = 'RpcError';
  constructor(
    readonly code: number,
    message: string,
    readonly data?: unknown,
  ) {
    super(message);
  }
}

const responseSchema = z.lazy(() =>
  z.union([
    z.object({ jsonrpc: z.literal('2.0'), id: z.unknown(), result: z.unknown() }),
    z.object({
      jsonrpc: z.literal('2.0'),
      id: z.unknown(),
      error: z.looseObject({ code: z.number(), message: z.string(), data: z.optional(z.unknown()) }),
    }),
  ]),
);

let nextId = 1;

export interface CallOptions {
  /** A credential's headers and origins: attached only there, never through a redirect (core/http.ts). */
  auth?: RequestAuth | undefined;
  signal?: AbortSignal | undefined;
}

export async function callJsonRpc(
  deps: HttpDeps,
  url: string,
  method: string,
  params: unknown,
  options: CallOptions = {},
): Promise<{ result: unknown } | { error: { code: number; message: string; data?: unknown; [k: string]: unknown } }> {
  const { json } = await requestJson(deps, {
    url,
    method: 'POST',
    auth: options.auth,
    body: { jsonrpc: '2.0', id: nextId++, method, params },
    ...(options.signal ? { signal: options.signal } : {}),
  });
  const parsed = responseSchema.safeParse(json);
  if (!parsed.success) throw new RpcError(-32603, `The ${method} answer is not JSON-RPC 2.0`);
  return 'error' in parsed.data ? { error: parsed.data.error } : { result: parsed.data.result };
}
