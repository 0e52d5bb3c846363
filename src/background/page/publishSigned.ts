/**
 * `intents_publishIntents` with a signature the page already holds (docs/security.md, "No signature
 * before consent"): verified, and when it is by one of this wallet's keys, relayed only if this wallet
 * released that very intent; what it publishes goes into Activity's record.
 */
import {
  extractIntentPayload,
  type IntentPayload,
  intentHash,
  type MultiPayload,
  type VerifyResult,
  verifyP256WebCrypto,
  verifySignedIntent,
  verifyWebauthnAsync,
} from '../../core';
import { ERROR_CODES } from '../../provider/protocol';
import type { PublishedIntents } from '../activity/published';
import { ProviderError } from '../providerError';
import type { UsedNonces } from '../signing/nonces';
import { type BusPort, publishOnce } from '../signing/signer';
import type { WalletService } from '../wallet/service';

export interface PublishSignedDeps {
  wallet: WalletService;
  nonces: UsedNonces;
  verifierId: () => Promise<string>;
  bus: () => Promise<BusPort>;
  /** Activity's record of what this wallet published (../activity/published). */
  published: Pick<PublishedIntents, 'add'>;
}

/** The verifier's signature check of any signed payload; a passkey's (webauthn) with WebCrypto's P-256. */
async function verified(signed: MultiPayload): Promise<VerifyResult> {
  if (signed.standard !== 'webauthn') return verifySignedIntent(signed);
  const subtle = globalThis.crypto.subtle;
  const out = await verifyWebauthnAsync(signed, (xy, m, rs) => verifyP256WebCrypto(subtle, xy, m, rs));
  return out.ok ? out : { ok: false, reason: 'invalid signature' };
}

/**
 * Relays a signature the page already holds. A signature by one of this wallet's keys is relayed
 * only when this wallet released that very intent through the approval window (its nonce is on
 * record with the same intent hash): anything else was obtained some other way and is refused.
 */
export async function publishSigned(
  deps: PublishSignedDeps,
  signed: MultiPayload,
  quoteHashes: string[],
  origin: string,
): Promise<{ intentHash: string; status: 'OK' }> {
  const { wallet } = deps;
  const check = await verified(signed);
  if (!check.ok)
    throw new ProviderError(ERROR_CODES.invalidParams, 'signed: the signature does not verify', { field: 'signed' });
  const hash = intentHash(signed);
  // Locked, the wallet cannot tell its own keys from others': it relays nothing until unlocked.
  if (!wallet.vault.isUnlocked)
    throw new ProviderError(ERROR_CODES.unauthorized, 'The wallet is locked; unlock it first', { reason: 'locked' });
  let mine: IntentPayload | undefined;
  if (wallet.accounts().some((a) => a.publicKeys.includes(check.publicKey))) {
    let recorded: string | undefined;
    try {
      mine = extractIntentPayload(signed);
      // Released on this network only: one made for another network's verifier is not relayed here.
      recorded =
        mine.verifying_contract === (await deps.verifierId())
          ? await deps.nonces.hashOf(mine.verifying_contract, mine.signer_id, mine.nonce)
          : undefined;
    } catch {
      recorded = undefined;
    }
    if (recorded !== hash) {
      throw new ProviderError(
        ERROR_CODES.unauthorized,
        'signed: this wallet did not approve this intent; ask for it with intents_signIntents',
        { field: 'signed' },
      );
    }
  }
  const out = await publishOnce(await deps.bus(), signed, quoteHashes);
  // One of this wallet's own (approved earlier): Activity lists it with the site that published it.
  if (mine) {
    const failed = out.status === 'FAILED' ? out.reason : undefined;
    await deps.published.add({
      intentHash: hash,
      accountId: mine.signer_id,
      kind: 'dapp',
      origin,
      intents: mine.intents,
      status: failed === undefined ? 'PENDING' : 'FAILED',
      detail: failed,
    });
  }
  if (out.status === 'FAILED') {
    throw new ProviderError(ERROR_CODES.internal, `The verifier refused it: ${out.reason}`, {
      intentHash: hash,
      reason: out.reason,
    });
  }
  return { intentHash: out.intent_hash ?? hash, status: 'OK' };
}
