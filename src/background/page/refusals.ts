/**
 * What a page may never ask for, whoever it is connected to (docs/security.md): intents that manage
 * keys, and an intents payload dressed up as a NEP-413 message.
 */
import { KEY_MANAGEMENT_INTENTS, parseIntents } from '../../core';
import { ERROR_CODES } from '../../provider/protocol';
import { ProviderError } from '../providerError';

/** A NEP-413 message whose text is an intents payload (a JSON object with intents, or signer and deadline). */
export function looksLikeIntents(message: string): boolean {
  let value: unknown;
  try {
    value = JSON.parse(message);
  } catch {
    return false;
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  return 'intents' in value || ('signer_id' in value && 'deadline' in value);
}

/** Key-management intents are the wallet's alone: a page may not ask for them (docs/security.md). */
export const refuseKeyManagement = (intents: unknown[]): void => {
  parseIntents(intents).forEach((it, i) => {
    if (KEY_MANAGEMENT_INTENTS.has(it.intent)) {
      throw new ProviderError(
        ERROR_CODES.unauthorized,
        `A web page may not ask for '${it.intent}'; keys are managed only in the wallet`,
        {
          field: `intents.${i}.intent`,
        },
      );
    }
  });
};
