/**
 * A key change reviewed before it is signed (docs/security.md, "Passkey accounts"): the path of every change a
 * passkey signs, which signs only what the person saw: any change of an account whose signing key is a
 * passkey, and the removal of a signing key a passkey takes over from (src/core/signingSuccessor.ts). `review` writes the add_public_key
 * or remove_public_key intent with the wallet's own nonce, keeps it (one per account and network) and shows
 * it with the approval window's checks; `confirm` signs that payload and nothing else (./reviewed.ts: the
 * authenticator's answer checked against it, then the verifier's `simulate_intents`), publishes it on the
 * bus and follows it to the end as the direct path does (./keyManager.ts, which also owns the rules of
 * which key may go). A key the wallet generated for a review that never went out is forgotten again.
 */
import * as z from 'zod/mini';
import type { IntentsPreviewWire } from '../../api/approvalApi';
import type { PasskeyRegistration } from '../../api/passkeys';
import type { KeyChangeResult } from '../../api/walletApi';
import { type MultiPayload, networkText } from '../../core';
import { type Phrase, phrase } from '../../core/phrase';
import { ERROR_CODES } from '../../provider/protocol';
import { isPasskeyName } from '../../vault';
import type { KeyValue } from '../kv';
import { ProviderError } from '../providerError';
import { intentsPreview, type PreviewDeps } from '../review/preview';
import type { WalletService } from '../wallet/service';
import type { StatusPort } from './followKeyChange';
import { KeyChangeError, verifierRefused } from './keyChangeError';
import type { KeyManager } from './keyManager';
import { canonicalKey } from './keyRules';
import { checkedRegistration } from './passkeyRegistration';
import { type Consent, draftSchema, fromDraft, reviewedId, signReviewed, toDraft } from './reviewed';
import { publishOnce, type SigningService } from './signer';

/** What the person asks for: a key to add (pasted, a new passkey, or one generated in the vault), or one to remove. */
export type KeyChangeRequest =
  | { kind: 'add'; publicKey?: string | undefined; passkey?: PasskeyRegistration | undefined }
  | { kind: 'remove'; publicKey: string; confirmRemovingSigningKey?: boolean | undefined };

export interface KeyChangeReviewDeps {
  local: KeyValue;
  wallet: WalletService;
  keys: KeyManager;
  signer: SigningService;
  preview: PreviewDeps;
  simulate: (signed: MultiPayload) => Promise<unknown>;
  bus: () => Promise<StatusPort>;
}

const keptSchema = z.lazy(() =>
  z.object({
    draft: draftSchema,
    intent: z.enum(['add_public_key', 'remove_public_key']),
    publicKey: z.string(),
    /**
     * The wallet made this key for the review: held by the vault (no account signs with it, so Home's
     * reminder stays) until the change is published, forgotten again when it does not go out.
     */
    generated: z.boolean(),
    /** A new passkey's public half, kept by the vault once the verifier has it. */
    passkey: z.optional(
      z.object({
        publicKey: z.string(),
        credentialId: z.string(),
        name: z.string().check(z.refine(isPasskeyName)),
      }),
    ),
    successor: z.optional(z.string()),
  }),
);
type Kept = z.output<typeof keptSchema>;

const keptKey = (verifierId: string, accountId: string) => `keyChangeDraft:${verifierId}:${accountId}`;
const refuse = (m: string, words: Phrase) => new ProviderError(ERROR_CODES.invalidParams, m, { words });

export class KeyChangeReviews {
  constructor(private readonly d: KeyChangeReviewDeps) {}

  async review(
    accountId: string,
    request: KeyChangeRequest,
  ): Promise<{ preview: IntentsPreviewWire; reviewed: string; publicKey: string }> {
    this.d.wallet.account(accountId);
    const verifierId = await this.d.preview.verifierId();
    // A newer review replaces the kept one (as Send's does): a key made for that one goes.
    await this.drop(verifierId, accountId);
    let kept: Omit<Kept, 'draft'>;
    if (request.kind === 'remove') {
      const key = canonicalKey(request.publicKey);
      const { successor } = await this.d.keys.removal(accountId, key, request.confirmRemovingSigningKey === true);
      kept = { intent: 'remove_public_key', publicKey: key, generated: false, ...(successor ? { successor } : {}) };
    } else {
      const passkey = request.passkey
        ? await checkedRegistration(request.passkey, globalThis.crypto.subtle)
        : undefined;
      const key =
        passkey?.publicKey ??
        (request.publicKey === undefined
          ? await this.d.wallet.change((vault) => vault.newHeldKey())
          : canonicalKey(request.publicKey));
      kept = {
        intent: 'add_public_key',
        publicKey: key,
        generated: !passkey && request.publicKey === undefined,
        ...(passkey ? { passkey } : {}),
      };
      const listing = await this.d.keys.list(accountId);
      if (listing.registered?.includes(key)) {
        if (kept.generated) await this.forgetGenerated(key);
        throw new KeyChangeError(
          'That key is already registered for this account.',
          phrase('keyRefusal_alreadyRegistered'),
        );
      }
    }
    try {
      const prepared = await this.d.signer.prepare(
        { signerId: accountId, intents: [{ intent: kept.intent, public_key: kept.publicKey }] },
        kept.successor,
      );
      await this.d.local.write(keptKey(verifierId, accountId), { ...kept, draft: toDraft(prepared) });
      const preview = await intentsPreview(this.d.preview, prepared, null, []);
      return { preview, reviewed: reviewedId(prepared), publicKey: kept.publicKey };
    } catch (e) {
      if (kept.generated) await this.forgetGenerated(kept.publicKey);
      throw e;
    }
  }

  async confirm(accountId: string, consent: Consent): Promise<KeyChangeResult> {
    const verifierId = await this.d.preview.verifierId();
    const key = keptKey(verifierId, accountId);
    const kept = await this.d.local.read(key, keptSchema);
    if (!kept)
      throw refuse(
        `Review the key change first (on ${networkText(verifierId)}, the network the wallet is on now).`,
        phrase('keyRefusal_reviewFirst', networkText(verifierId)),
      );
    const prepared = fromDraft(kept.draft);
    // Signed by the signing key, or by the key that takes over from the signing key it removes
    // (src/core/signingSuccessor.ts): either way the signing key is still the one the review was made under.
    const keys = this.d.wallet.account(accountId).publicKeys;
    const takingOver = kept.successor;
    const unchanged = takingOver
      ? keys[0] === kept.publicKey && prepared.publicKey === takingOver && keys.includes(takingOver)
      : keys[0] === prepared.publicKey;
    if (!unchanged)
      throw refuse(
        'The account’s signing key changed since the review; review the key change again.',
        phrase('keyRefusal_signingKeyChanged'),
      );
    // Its review is used up once the checks passed (one signature per review); until then it stays.
    let used = false;
    let published = false;
    const useUp = async () => {
      used = true;
      await this.d.local.remove(key);
    };
    try {
      const signed = await signReviewed(this.d, prepared, consent, 'key change', useUp);
      const bus = await this.d.bus();
      const result = await publishOnce(bus, signed.signed, []);
      if (result.status === 'FAILED') throw verifierRefused(result.reason);
      published = true;
      // Published: the key is the account's from now on (even if following it times out, it may settle).
      if (kept.generated) await this.d.wallet.change((vault) => vault.attachKey(accountId, kept.publicKey));
      const out = await this.d.keys.settle(bus, accountId, kept.intent, kept.publicKey, signed.intentHash);
      await this.after(accountId, kept, out);
      return out;
    } catch (e) {
      // Not on a timeout after publishing: the intent may still settle, and then the secret is needed.
      if (kept.generated && used && !published) await this.forgetGenerated(kept.publicKey);
      throw e;
    }
  }

  /** The account left the wallet: its kept review goes too. */
  async forget(accountId: string): Promise<void> {
    await this.d.local.remove(keptKey(await this.d.preview.verifierId(), accountId));
  }

  private async after(accountId: string, kept: Kept, out: KeyChangeResult): Promise<void> {
    if (kept.intent === 'remove_public_key')
      return this.d.keys.afterRemoval(accountId, kept.publicKey, kept.successor, out);
    if (!out.confirmed) return;
    if (kept.passkey) {
      const passkey = kept.passkey;
      await this.d.wallet.change((vault) => vault.addPasskeyKey(accountId, passkey));
    }
  }

  /** Drops the kept review, and the key the wallet generated for it unless its change went out. */
  private async drop(verifierId: string, accountId: string): Promise<void> {
    const key = keptKey(verifierId, accountId);
    const kept = await this.d.local.read(key, keptSchema);
    if (!kept) return;
    await this.d.local.remove(key);
    if (kept.generated) await this.forgetGenerated(kept.publicKey);
  }

  /** A held key goes; one an account signs with already (its change was published) stays (src/vault/contents.ts). */
  private async forgetGenerated(publicKey: string): Promise<void> {
    await this.d.wallet.change((vault) => vault.dropHeldKey(publicKey));
  }
}
