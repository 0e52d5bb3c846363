/**
 * JSON over HTTP with a timeout, cancellation and bounded retries with exponential backoff on 429,
 * 5xx, timeouts and network failures (honouring Retry-After). Shared by the swap-service, message-bus
 * and ledger-RPC clients. It does no I/O of its own: `fetch` and `sleep` are passed in, like the
 * clock and randomness elsewhere in core.
 *
 * No request follows a redirect, credentialed or not (docs/security.md, "No redirects"): a redirect
 * re-sends the request, body included, to a host the answering server chose, and a body can hold a
 * signature (`simulate_intents`) or a credential. Every request goes with `redirect: 'manual'`, and a
 * redirect answer is refused with its own error, never retried
 * (https://fetch.spec.whatwg.org/#concept-request-redirect-mode: "manual" hands back an
 * opaque-redirect response in browsers, the 3xx itself in Node).
 */
export interface FetchResponseLike {
  status: number;
  /** `opaqueredirect` for a redirect met with `redirect: 'manual'` in a browser (status 0). */
  type?: string;
  headers: { get(name: string): string | null };
  text(): Promise<string>;
}

export type FetchLike = (
  url: string,
  init: { method: string; headers: Record<string, string>; body?: string; signal: AbortSignal; redirect: 'manual' },
) => Promise<FetchResponseLike>;

/**
 * A credential (the partner JWT, the message-bus API key) with the origins it was entered for. It is
 * sent only to those origins, only over https (http only to this computer), and never through a
 * redirect, as no request is (above): a redirect would carry it to a host it was not entered for
 * (docs/security.md, "Credentials").
 */
export interface BoundCredential {
  value: string;
  /** `scheme://host[:port]` as `URL.origin` spells it. */
  origins: readonly string[];
}

/** Headers carrying a credential, and the credential's origins; see `credentialOrigin`. */
export interface RequestAuth {
  headers: Record<string, string>;
  origins: readonly string[];
}

/** 127.0.0.0/8, localhost and [::1], as the WHATWG URL parser normalises them (`127.1` → `127.0.0.1`). */
const LOOPBACK_HOST = /^(?:localhost|127(?:\.\d{1,3}){3}|\[::1\])$/;

/**
 * The URL's origin when a credential may travel there: https anywhere, http only to a loopback
 * address (nothing leaves the machine; https://w3c.github.io/webappsec-secure-contexts/#localhost).
 * Null for anything else.
 */
export function credentialOrigin(url: string): string | null {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    return null;
  }
  if (u.protocol === 'https:') return u.origin;
  if (u.protocol === 'http:' && LOOPBACK_HOST.test(u.hostname)) return u.origin;
  return null;
}

export interface RetryPolicy {
  timeoutMs: number;
  /** Extra attempts after the first. */
  retries: number;
  backoffMs: number;
  maxBackoffMs: number;
}

export const DEFAULT_RETRY_POLICY: RetryPolicy = { timeoutMs: 10_000, retries: 3, backoffMs: 300, maxBackoffMs: 5_000 };

/** `redirect`: the service answered with a redirect, which is never followed (above). */
export type HttpErrorKind = 'http' | 'timeout' | 'network' | 'parse' | 'aborted' | 'redirect';

/** The services the wallet talks to, as a failure names them to a page (docs/dapps.md, "Errors"). */
export type ServiceName = 'swap' | 'transactions' | 'bus' | 'ledger';

export class HttpError extends Error {
  override readonly name = 'HttpError';
  /** Which service failed, when the caller said (HttpDeps.service). */
  service?: ServiceName;
  constructor(
    readonly kind: HttpErrorKind,
    message: string,
    readonly status?: number,
    /** The parsed error body, when the server sent JSON. */
    readonly body?: unknown,
  ) {
    super(message);
  }
}

export interface JsonRequest {
  url: string;
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  /**
   * Attached only when the URL's origin is one of `auth.origins` and passes `credentialOrigin`;
   * elsewhere the request goes without it.
   */
  auth?: RequestAuth | undefined;
  body?: unknown;
  signal?: AbortSignal;
}

export interface HttpDeps {
  fetch: FetchLike;
  sleep: (ms: number, signal?: AbortSignal) => Promise<void>;
  policy?: Partial<RetryPolicy>;
  /** The service these requests go to: its failures name it (HttpError.service). */
  service?: ServiceName;
}

const RETRY_STATUS = new Set([429, 500, 502, 503, 504]);

function retryAfterMs(header: string | null): number | undefined {
  if (!header) return undefined;
  const seconds = Number(header);
  return Number.isFinite(seconds) && seconds >= 0 ? seconds * 1000 : undefined;
}

/** One attempt: fetch, time out, parse. Non-2xx become `http` errors carrying the parsed body. */
async function attempt(
  deps: HttpDeps,
  req: JsonRequest,
  timeoutMs: number,
): Promise<{ status: number; json: unknown; text: string }> {
  if (req.signal?.aborted) throw new HttpError('aborted', 'The request was cancelled');
  const controller = new AbortController();
  const onAbort = () => controller.abort();
  req.signal?.addEventListener('abort', onAbort, { once: true });
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  let response: FetchResponseLike;
  let text: string;
  try {
    const headers: Record<string, string> = { accept: 'application/json', ...req.headers };
    const init: Parameters<FetchLike>[1] = {
      method: req.method ?? 'GET',
      headers,
      signal: controller.signal,
      redirect: 'manual',
    };
    const origin = req.auth ? credentialOrigin(req.url) : null;
    if (req.auth && origin !== null && req.auth.origins.includes(origin)) Object.assign(headers, req.auth.headers);
    if (req.body !== undefined) {
      headers['content-type'] = 'application/json';
      init.body = JSON.stringify(req.body);
    }
    response = await deps.fetch(req.url, init);
    if (isRedirect(response)) {
      controller.abort(); // the redirect's body is not read
      // The status of a redirect the fetch could read (an opaque one has none).
      const status = response.status >= 300 && response.status < 400 ? response.status : undefined;
      throw new HttpError('redirect', redirectMessage(req.url, response.status), status);
    }
    text = await response.text();
  } catch (e) {
    if (e instanceof HttpError) throw e;
    if (req.signal?.aborted) throw new HttpError('aborted', 'The request was cancelled');
    if (controller.signal.aborted) throw new HttpError('timeout', `No answer within ${timeoutMs} ms`);
    throw new HttpError('network', 'The service could not be reached');
  } finally {
    clearTimeout(timer);
    req.signal?.removeEventListener('abort', onAbort);
  }
  let json: unknown;
  try {
    json = text.length ? JSON.parse(text) : null;
  } catch {
    if (response.status >= 200 && response.status < 300)
      throw new HttpError('parse', 'The service answered with something that is not JSON', response.status);
    json = undefined;
  }
  if (response.status < 200 || response.status >= 300) {
    const message =
      typeof json === 'object' && json !== null && typeof (json as { message?: unknown }).message === 'string'
        ? (json as { message: string }).message
        : `HTTP ${response.status}`;
    const error = new HttpError('http', message, response.status, json);
    const retryAfter = retryAfterMs(response.headers.get('retry-after'));
    throw Object.assign(error, { retryAfter });
  }
  return { status: response.status, json, text };
}

const isRedirect = (r: FetchResponseLike) => r.type === 'opaqueredirect' || (r.status >= 300 && r.status < 400);

function redirectMessage(url: string, status: number): string {
  let origin = url;
  try {
    origin = new URL(url).origin;
  } catch {
    // the URL as it was given
  }
  const code = status >= 300 && status < 400 ? ` (HTTP ${status})` : '';
  return `${origin} answered with a redirect${code}. The wallet follows no redirect, so the request went nowhere else; check the endpoint in Settings.`;
}

function retryable(error: unknown): boolean {
  if (!(error instanceof HttpError)) return false;
  if (error.kind === 'timeout' || error.kind === 'network') return true;
  return error.kind === 'http' && error.status !== undefined && RETRY_STATUS.has(error.status);
}

/** The parsed answer, and its exact text (kept where the bytes are evidence, e.g. a signed quote). */
export async function requestJson(
  deps: HttpDeps,
  req: JsonRequest,
): Promise<{ status: number; json: unknown; text: string }> {
  const policy = { ...DEFAULT_RETRY_POLICY, ...deps.policy };
  for (let n = 0; ; n++) {
    try {
      return await attempt(deps, req, policy.timeoutMs);
    } catch (error) {
      if (error instanceof HttpError && deps.service !== undefined) error.service ??= deps.service;
      if (n >= policy.retries || !retryable(error) || req.signal?.aborted) throw error;
      const hinted = (error as { retryAfter?: number }).retryAfter;
      const wait = Math.min(hinted ?? policy.backoffMs * 2 ** n, policy.maxBackoffMs);
      await deps.sleep(wait, req.signal);
      if (req.signal?.aborted) throw new HttpError('aborted', 'The request was cancelled');
    }
  }
}
