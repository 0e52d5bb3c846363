/**
 * A service that could not be reached or refused the wallet's credentials, as the page and the window
 * are told (docs/dapps.md, "Errors"): EIP-1193 4900 (disconnected) with `data.service`, `data.httpStatus`
 * (null when nothing answered), `data.failure` (how it failed: `timeout`, `network`, `redirect`, `http`;
 * the popup words it from that, core/errorText.ts) and `data.setting`, the setting to change, which the
 * message names too.
 */
import { HttpError, type ServiceName } from '../core';
import { ERROR_CODES, errorReply, type RuntimeReply } from '../provider/protocol';

const NAME: Record<ServiceName, string> = {
  swap: 'The swap service',
  transactions: 'The transactions API',
  bus: 'The message bus',
  ledger: 'The ledger RPC',
};

/** The endpoint setting of each service (Settings → Advanced → Network). */
const ENDPOINT: Record<ServiceName, string> = {
  swap: 'endpoints.swap',
  transactions: 'endpoints.transactions',
  bus: 'endpoints.bus',
  ledger: 'endpoints.ledgerRpc',
};

/** The credential each service is sent (docs/services.md, "Credentials and auth headers"); the ledger RPC takes none. */
const CREDENTIAL: Record<ServiceName, { setting: string; words: string } | null> = {
  swap: { setting: 'jwt', words: 'the partner JWT' },
  transactions: { setting: 'jwt', words: 'the partner JWT' },
  bus: { setting: 'busApiKey', words: 'the message-bus API key' },
  ledger: null,
};

/** Statuses that say the service is down or in the way, not that it refused what was asked. */
const UNAVAILABLE = new Set([502, 503, 504]);

/** The 4900 reply for a service failure that a setting fixes; null for any other error. */
export function serviceFailureReply(error: unknown): RuntimeReply | null {
  if (!(error instanceof HttpError) || error.service === undefined) return null;
  const service = error.service;
  const status = error.status ?? null;
  const at = `(${ENDPOINT[service]} in Settings → Advanced → Network)`;
  if (error.kind === 'http' && (status === 401 || status === 403)) {
    const credential = CREDENTIAL[service];
    const setting = credential?.setting ?? ENDPOINT[service];
    const fix = credential
      ? `set ${credential.words} (${credential.setting} in Settings → Advanced → Network)`
      : `check its endpoint ${at}`;
    return errorReply(ERROR_CODES.disconnected, `${NAME[service]} refused the credentials (HTTP ${status}): ${fix}.`, {
      service,
      httpStatus: status,
      failure: error.kind,
      setting,
    });
  }
  const unreachable =
    error.kind === 'network' ||
    error.kind === 'timeout' ||
    error.kind === 'redirect' ||
    (error.kind === 'http' && status !== null && UNAVAILABLE.has(status));
  if (!unreachable) return null;
  // Never the error's own words for a redirect: they name the endpoint's host, which a page must not learn.
  const code = status === null ? '' : `HTTP ${status}`;
  const how =
    error.kind === 'redirect'
      ? `it answered with a redirect${code && ` (${code})`}, which the wallet does not follow`
      : code || error.message;
  return errorReply(
    ERROR_CODES.disconnected,
    `${NAME[service]} could not be reached (${how}): check its endpoint ${at}.`,
    {
      service,
      httpStatus: status,
      failure: error.kind,
      setting: ENDPOINT[service],
    },
  );
}
