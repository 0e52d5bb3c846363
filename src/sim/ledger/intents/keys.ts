/**
 * add_public_key / remove_public_key intents (docs/protocol.md, "Intent types"; near/intents
 * core/src/intents/account.rs).
 */
import type { IntentOf } from '../../../core';
import { publicKeyExists, publicKeyNotExist, VerifierError } from '../errors';
import { dip4, intentEvent } from '../events';
import { canonicalKey } from '../keys';
import type { IntentEnv } from './env';

export function addPublicKey(
  env: IntentEnv,
  signerId: string,
  intent: IntentOf<'add_public_key'>,
  intentHash: string,
): void {
  const key = canonicalKey(intent.public_key);
  if (!env.work.addPublicKey(signerId, key)) throw new VerifierError(publicKeyExists(signerId, key));
  env.logs.push(dip4('public_key_added', intentEvent(intentHash, signerId, { public_key: key })));
}

export function removePublicKey(
  env: IntentEnv,
  signerId: string,
  intent: IntentOf<'remove_public_key'>,
  intentHash: string,
): void {
  const key = canonicalKey(intent.public_key);
  if (!env.work.removePublicKey(signerId, key)) throw new VerifierError(publicKeyNotExist(signerId, key));
  env.logs.push(dip4('public_key_removed', intentEvent(intentHash, signerId, { public_key: key })));
}
