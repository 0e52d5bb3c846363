/**
 * Maps errors thrown by services to the provider's error replies (docs/architecture.md, "Provider API":
 * EIP-1193 codes).
 */

import { LedgerViewError, RpcError } from '../bus';
import { failureFacts, HttpError, ProtocolError } from '../core';
import { OneClickError, QuoteRefusedError } from '../oneclick';
import { ERROR_CODES, errorReply, type RuntimeReply } from '../provider/protocol';
import { VaultError } from '../vault';
import { CorruptedValueError } from './kv';
import { ProviderError } from './providerError';
import { serviceFailureReply } from './serviceFailure';
import { KeyChangeError } from './signing/keyChangeError';
import { NonceReusedError } from './signing/nonces';

export function replyForError(error: unknown): RuntimeReply {
  if (error instanceof ProviderError) return errorReply(error.code, error.message, error.data);
  if (error instanceof ProtocolError) {
    return errorReply(ERROR_CODES.invalidParams, error.message, error.field ? { field: error.field } : undefined);
  }
  if (error instanceof VaultError) {
    if (error.code === 'locked') return errorReply(ERROR_CODES.unauthorized, error.message, { reason: 'locked' });
    const params = error.code === 'invalid_input' || error.code === 'weak_password' || error.code === 'unknown_key';
    return errorReply(params ? ERROR_CODES.invalidParams : ERROR_CODES.internal, error.message, {
      reason: error.code,
      ...(error.retryAfterMs !== undefined ? { retryAfterMs: error.retryAfterMs } : {}),
      ...(error.weakness !== undefined ? { weakness: error.weakness } : {}),
      ...(error.refusal !== undefined ? { refusal: error.refusal } : {}),
    });
  }
  if (error instanceof NonceReusedError)
    return errorReply(ERROR_CODES.invalidParams, error.message, { field: 'nonce' });
  if (error instanceof KeyChangeError) return errorReply(ERROR_CODES.internal, error.message, { words: error.words });
  if (error instanceof CorruptedValueError) return errorReply(ERROR_CODES.internal, error.message);
  if (error instanceof LedgerViewError) {
    return errorReply(ERROR_CODES.internal, error.panic ? `The verifier refused it: ${error.panic}` : error.message);
  }
  // A quote the wallet does not believe (docs/security.md, "Quotes the wallet believes"); with no key, the setting to fill in.
  if (error instanceof QuoteRefusedError) {
    return errorReply(ERROR_CODES.internal, error.message, {
      reason: error.reason,
      ...(error.reason === 'no-key' ? { setting: 'quoteSigningKey' } : {}),
    });
  }
  // Unreachable, or refusing the credentials: what to change, and where (./serviceFailure).
  const failure = serviceFailureReply(error);
  if (failure) return failure;
  // The swap service's own words (docs/services.md, "Errors as they arrive"), e.g. "Amount is too low for
  // bridge, try at least 132000".
  // Each carries how it failed (`failure`, `httpStatus`, `service`: core/errorText.ts FailureFacts), from
  // which the popup words a plain sentence; the message is the service's, shown only under "Details".
  if (error instanceof OneClickError)
    return errorReply(error.status === 400 ? ERROR_CODES.invalidParams : ERROR_CODES.internal, error.message, {
      status: error.status,
      ...failureFacts(error),
      service: error.service ?? 'swap',
    });
  if (error instanceof HttpError)
    return errorReply(ERROR_CODES.internal, `The network service failed: ${error.message}`, failureFacts(error));
  if (error instanceof RpcError)
    return errorReply(ERROR_CODES.internal, `The network service failed: ${error.message}`, { failure: 'rpc' });
  return errorReply(ERROR_CODES.internal, 'Internal error');
}
