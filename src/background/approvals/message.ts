/**
 * A sign-message (NEP-413) request: what the approval window shows of it, and the checks Confirm makes
 * again before the vault signs (docs/security.md, "No intent through the message door" and "Messages for
 * another site"). The background is the source of truth; the window runs the same site rule only so that
 * it never shows less.
 */

import type { FindingView, MessagePreview } from '../../api/approvalApi';
import { assessMessage, isVerifierRecipient } from '../../core';
import { phrase } from '../../core/phrase';
import { ERROR_CODES } from '../../provider/protocol';
import { ProviderError } from '../providerError';
import type { PendingOf } from './pending';

type MessageRequest = PendingOf<'signMessage'>;

/** Danger when the recipient or the callback URL is not the asking site (core assessMessage). */
const findingsOf = (p: MessageRequest): FindingView[] =>
  assessMessage({ origin: p.origin, recipient: p.params.recipient, callbackUrl: p.params.callbackUrl ?? null }).map(
    ({ level, code, words }) => ({ level, code, words }),
  );

export function messagePreview(p: MessageRequest, verifierId: string): MessagePreview {
  const m = p.params;
  return {
    accountId: m.accountId,
    message: m.message,
    recipient: m.recipient,
    callbackUrl: m.callbackUrl ?? null,
    nonce: m.nonce,
    recipientIsVerifier: isVerifierRecipient(m.recipient, verifierId),
    findings: findingsOf(p),
  };
}

/** Throws unless this message may be signed now, with the answer the window gave. */
export function checkMessageAtConfirm(p: MessageRequest, verifierId: string, acknowledgeDanger: boolean): void {
  // The verifier setting may have changed while the request waited; any network's verifier is refused.
  if (isVerifierRecipient(p.params.recipient, verifierId)) {
    throw new ProviderError(
      ERROR_CODES.unauthorized,
      'Messages for the verifier contract are refused; the site must ask for intents',
      { words: phrase('approveRefused_verifierMessage') },
    );
  }
  if (findingsOf(p).some((f) => f.level === 'danger') && !acknowledgeDanger) {
    throw new ProviderError(ERROR_CODES.invalidParams, 'Confirm that you understand the risk first', {
      words: phrase('approveRefused_ackRisk', phrase('approve_ackRisk')),
    });
  }
}
