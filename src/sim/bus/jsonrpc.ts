/**
 * JSON-RPC 2.0 envelope of the message bus (docs/services.md, "The message bus"): requests
 * `{jsonrpc:"2.0", id, method, params:[{…}]}`, answers `{jsonrpc, id, result}` or
 * `{jsonrpc, id, error:{code, message}}` (docs/decisions.md, "Errors and null optionals"). Business failures
 * are results, not errors.
 */
export type RpcId = string | number | null;

export const RPC = {
  parseError: -32700,
  invalidRequest: -32600,
  methodNotFound: -32601,
  invalidParams: -32602,
  internalError: -32603,
  /**
   * The live bus answers auth failures with 401 as a JSON-RPC code, alongside HTTP 401 (docs/services.md,
   * "Errors as they arrive").
   */
  unauthorized: 401,
} as const;

/** A request-level failure that becomes the `error` member. */
export class RpcFailure extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message);
  }
}

export const invalidParams = (detail: string) => new RpcFailure(RPC.invalidParams, `Invalid params: ${detail}`);

export interface RpcRequest {
  id: RpcId;
  method: string;
  /** The one object inside `params`. */
  params: unknown;
}

export type RpcResponse =
  | { jsonrpc: '2.0'; id: RpcId; result: unknown }
  | { jsonrpc: '2.0'; id: RpcId; error: { code: number; message: string } };

export const ok = (id: RpcId, result: unknown): RpcResponse => ({ jsonrpc: '2.0', id, result });
export const fail = (id: RpcId, code: number, message: string): RpcResponse => ({
  jsonrpc: '2.0',
  id,
  error: { code, message },
});

/** The id to echo, when the request has a usable one. */
export function idOf(value: unknown): RpcId {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
  const id = (value as { id?: unknown }).id;
  return typeof id === 'string' || typeof id === 'number' ? id : null;
}

/** Checks one request object; throws RpcFailure (-32600 / -32602) when it is not a valid call. */
export function parseRequest(value: unknown): RpcRequest {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new RpcFailure(RPC.invalidRequest, 'Invalid Request: a request must be a JSON object');
  }
  const req = value as { jsonrpc?: unknown; id?: unknown; method?: unknown; params?: unknown };
  if (req.jsonrpc !== '2.0') throw new RpcFailure(RPC.invalidRequest, "Invalid Request: jsonrpc must be '2.0'");
  if (req.id !== undefined && req.id !== null && typeof req.id !== 'string' && typeof req.id !== 'number') {
    throw new RpcFailure(RPC.invalidRequest, 'Invalid Request: id must be a string, a number or null');
  }
  if (typeof req.method !== 'string' || req.method.length === 0) {
    throw new RpcFailure(RPC.invalidRequest, 'Invalid Request: method must be a non-empty string');
  }
  return { id: idOf(value), method: req.method, params: req.params };
}

/** `params` must be an array holding exactly one object. */
export function singleParam(params: unknown): Record<string, unknown> {
  if (!Array.isArray(params) || params.length !== 1) throw invalidParams('params must be an array holding one object');
  const [first] = params as unknown[];
  if (typeof first !== 'object' || first === null || Array.isArray(first))
    throw invalidParams('params[0] must be an object');
  return first as Record<string, unknown>;
}
