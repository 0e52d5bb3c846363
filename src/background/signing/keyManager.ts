/**
 * Keys of an intents account on the verifier (docs/protocol.md, "Intent types"): list registered keys beside
 * local ones; add or remove a key by signing an `add_public_key` / `remove_public_key` intent with a
 * registered local key, publishing it, following `get_status` to SETTLED and confirming with
 * `has_public_key`.
 */

import type { PasskeyRegistration } from '../../api/passkeys';
import type { KeyChangeResult, KeyListing } from '../../api/walletApi';
import { formatPublicKey, isPasskeyPublicKey, parsePublicKey, signingSuccessor } from '../../core';
import { errorText, failureFacts, failurePhrase } from '../../core/errorText';
import { type Phrase, phrase } from '../../core/phrase';
import { keyBackup } from '../wallet/recovery';
import type { WalletService } from '../wallet/service';
import { followToEnd, type StatusPort } from './followKeyChange';
import { KeyChangeError, verifierRefused } from './keyChangeError';
import { canonicalKey, isOwnImplicitKey } from './keyRules';
import { checkedRegistration } from './passkeyRegistration';
import type { SigningService } from './signer';

export interface LedgerKeysPort {
  publicKeysOf(accountId: string): Promise<string[]>;
  hasPublicKey(accountId: string, publicKey: string): Promise<boolean>;
}

export interface KeyManagerDeps {
  wallet: WalletService;
  signer: SigningService;
  ledger: () => Promise<LedgerKeysPort>;
  bus: () => Promise<StatusPort>;
  now: () => number;
  sleep: (ms: number) => Promise<void>;
  /** How long to follow get_status before giving up. */
  settleTimeoutMs?: number;
}

export class KeyManager {
  constructor(private readonly deps: KeyManagerDeps) {}

  async list(accountId: string): Promise<KeyListing> {
    const account = this.deps.wallet.account(accountId);
    const ledger = await this.deps.ledger();
    let registered: string[] | null = null;
    let failure: { error: string; errorWords: Phrase } | undefined;
    const flags = new Map<string, boolean | null>();
    try {
      registered = await ledger.publicKeysOf(accountId);
      // An implicit account's own key counts without being listed (docs/protocol.md, "What the verifier
      // checks", step 6).
      for (const pk of account.publicKeys)
        flags.set(pk, registered.includes(pk) || (await ledger.hasPublicKey(accountId, pk)));
      for (const [pk, yes] of flags) if (yes && !registered.includes(pk)) registered.push(pk);
    } catch (e) {
      failure = {
        error: `The verifier could not be asked (${errorText(e)}).`,
        errorWords: failurePhrase('keys', failureFacts(e)),
      };
    }
    const view = this.deps.wallet.vault.view();
    return {
      accountId,
      registered,
      local: account.publicKeys.map((publicKey, i) => {
        // A passkey's name (checked with its public half on every read, src/vault/passkeys.ts) tells the
        // person which entry of their authenticator it is.
        const passkey = this.deps.wallet.passkeyOf(publicKey);
        return {
          publicKey,
          signing: i === 0,
          registered: flags.get(publicKey) ?? null,
          backup: keyBackup(view, publicKey),
          ...(passkey ? { passkeyName: passkey.name } : {}),
        };
      }),
      ...failure,
    };
  }

  /** Adds `publicKey`, or a newly generated local key, to the account on the verifier. */
  async add(accountId: string, publicKey?: string): Promise<KeyChangeResult> {
    this.needLocalSigner(accountId);
    // A new local key is made inside the vault; only its public key comes back.
    const key =
      publicKey === undefined
        ? await this.deps.wallet.change((vault) => vault.newKeyFor(accountId))
        : formatPublicKey(parsePublicKey(publicKey));
    const listing = await this.list(accountId);
    if (listing.registered?.includes(key))
      throw new KeyChangeError(
        'That key is already registered for this account.',
        phrase('keyRefusal_alreadyRegistered'),
      );
    try {
      return await this.change(accountId, 'add_public_key', key);
    } catch (e) {
      // A key generated for this change that the verifier refused would only confuse: drop it. (Not on
      // a timeout: the intent may still settle, and then the secret is needed.)
      if (publicKey === undefined && e instanceof KeyChangeError && e.refused)
        await this.deps.wallet.change((vault) => vault.forgetKey(accountId, key));
      throw e;
    }
  }

  /**
   * Adds a new passkey (read from its registration, ./passkeyRegistration.ts) to the account on the
   * verifier; once the verifier has it, the wallet keeps it as a further local key of the account (one
   * that signs with the person's authenticator), e.g. a way back in that needs no phrase.
   */
  async addPasskey(accountId: string, registration: PasskeyRegistration): Promise<KeyChangeResult> {
    this.needLocalSigner(accountId);
    const passkey = await checkedRegistration(registration, globalThis.crypto.subtle);
    const listing = await this.list(accountId);
    if (listing.registered?.includes(passkey.publicKey))
      throw new KeyChangeError(
        'That passkey is already registered for this account.',
        phrase('keyRefusal_passkeyAlreadyRegistered'),
      );
    const result = await this.change(accountId, 'add_public_key', passkey.publicKey);
    if (result.confirmed) await this.deps.wallet.change((vault) => vault.addPasskeyKey(accountId, passkey));
    return result;
  }

  /**
   * Removes a key from the account on the verifier. The key that signs goes only with the user's yes and
   * a registered local key to take over, which signs the removal (src/core/signingSuccessor.ts; then
   * afterRemoval; docs/security.md, "Removing the signing key").
   */
  async remove(accountId: string, publicKey: string, confirmRemovingSigningKey = false): Promise<KeyChangeResult> {
    const key = canonicalKey(publicKey);
    const { successor } = await this.removal(accountId, key, confirmRemovingSigningKey);
    this.needLocalSigner(accountId, successor);
    const out = await this.change(accountId, 'remove_public_key', key, successor);
    await this.afterRemoval(accountId, key, successor, out);
    return out;
  }

  /**
   * Whether `key` may be removed from the account, one rule for every path (this one and the reviewed one,
   * ./keyChangeReview.ts): it is registered, it is not the account's last key, a passkey account keeps its
   * own passkey (the vault's rule, src/vault/passkeys.ts), and the signing key goes only with the user's
   * yes and a registered local key to take over.
   */
  async removal(accountId: string, key: string, confirmRemovingSigningKey: boolean): Promise<{ successor?: string }> {
    const account = this.deps.wallet.account(accountId);
    const listing = await this.list(accountId);
    if (listing.registered === null)
      throw new KeyChangeError(
        listing.error ?? 'The verifier could not be asked.',
        listing.errorWords ?? phrase('keys_verifierUnasked'),
      );
    if (!listing.registered.includes(key))
      throw new KeyChangeError('That key is not registered for this account.', phrase('keyRefusal_notRegistered'));
    const remaining = listing.registered.filter((k) => k !== key);
    if (remaining.length === 0)
      throw new KeyChangeError(
        'This is the account’s last key: removing it would lock the account forever.',
        phrase('keyRefusal_lastKey'),
      );
    const signingKey = account.publicKeys[0]!;
    if (account.kind === 'passkey' && key === signingKey)
      throw new KeyChangeError(
        'This passkey is the account’s own key: this wallet signs for the account with it. Remove the other key instead.',
        phrase('keyRefusal_ownPasskey'),
      );
    if (key !== signingKey) return {};
    if (!confirmRemovingSigningKey)
      throw new KeyChangeError(
        'This key signs for the account. Confirm that you want to remove it.',
        phrase('keyRefusal_confirmSigning'),
      );
    const successor = signingSuccessor(listing.local, key);
    if (!successor)
      throw new KeyChangeError(
        'Add another key to this wallet and register it first, so the account can still sign.',
        phrase('keyRefusal_needSuccessor'),
      );
    return { successor };
  }

  /**
   * After a removal, both paths: confirmed (settled, and `has_public_key` no longer finds the key), the
   * wallet forgets its copy of the key (when another local key remains) and the key that took over signs.
   * Settled but not confirmed (an RPC behind the verifier, or one that lies): the key is kept, and when its
   * successor signed the removal, the verifier took that key's signature, so it signs from now on.
   */
  async afterRemoval(accountId: string, key: string, successor: string | undefined, out: KeyChangeResult) {
    const account = this.deps.wallet.account(accountId);
    if (out.confirmed && account.publicKeys.includes(key) && account.publicKeys.length > 1)
      await this.deps.wallet.change((vault) => vault.forgetKey(accountId, key, successor));
    else if (!out.confirmed && out.status === 'SETTLED' && account.publicKeys[0] === key) {
      if (successor && account.publicKeys.includes(successor))
        await this.deps.wallet.change((vault) => vault.setSigningKey(accountId, successor));
    }
  }

  /**
   * Makes `publicKey` the account's signing key. Only a key the verifier is known to accept: a key it
   * does not list is refused, and while it cannot be asked, only the implicit account's own key (which
   * the verifier accepts by construction) or the user's explicit choice (`acceptUnverified`) will do.
   * Signing with an unregistered key would make every signature of the account fail.
   */
  async useForSigning(accountId: string, publicKey: string, acceptUnverified = false): Promise<void> {
    if (this.deps.wallet.account(accountId).kind === 'passkey')
      throw new KeyChangeError(
        'A passkey account signs with its own passkey in this wallet. Its other keys are ways back in: export one to use it elsewhere.',
        phrase('keyRefusal_passkeySigns'),
      );
    const listing = await this.list(accountId);
    if (listing.registered !== null && !listing.registered.includes(publicKey)) {
      throw new KeyChangeError(
        'Register this key on the verifier first; until then it cannot sign for the account.',
        phrase('keyRefusal_registerFirst'),
      );
    }
    if (listing.registered === null && !acceptUnverified && !isOwnImplicitKey(accountId, publicKey)) {
      throw new KeyChangeError(
        'The verifier could not be asked whether this key is registered, so it was not made the signing key. Try again when the ledger RPC answers, or choose to use it anyway if you know it is registered.',
        phrase('keyRefusal_unverified'),
      );
    }
    await this.deps.wallet.change((vault) => vault.setSigningKey(accountId, publicKey));
  }

  /**
   * The wallet's own key change, signed by a local ed25519 key: the signing key, or `signWith` (a passkey's
   * goes through ./keyChangeReview.ts).
   */
  private async change(
    accountId: string,
    intent: 'add_public_key' | 'remove_public_key',
    publicKey: string,
    signWith?: string,
  ): Promise<KeyChangeResult> {
    const bus = await this.deps.bus();
    const { intentHash, result } = await this.deps.signer.signAndPublish(
      { signerId: accountId, intents: [{ intent, public_key: publicKey }] },
      bus,
      [],
      signWith,
    );
    if (result.status === 'FAILED') throw verifierRefused(result.reason);
    return this.settle(bus, accountId, intent, publicKey, intentHash);
  }

  /** A published key change, followed to its end and confirmed with `has_public_key`. */
  async settle(
    bus: StatusPort,
    accountId: string,
    intent: 'add_public_key' | 'remove_public_key',
    publicKey: string,
    intentHash: string,
  ): Promise<KeyChangeResult> {
    const status = await followToEnd(bus, intentHash, this.deps);
    const ledger = await this.deps.ledger();
    const has = await ledger.hasPublicKey(accountId, publicKey);
    return { publicKey, intentHash, status, confirmed: intent === 'add_public_key' ? has : !has };
  }

  /**
   * The direct path signs with no review: only with a local ed25519 key, the account's signing key or
   * `signer` (the key that takes over from it). A passkey signs only what the person reviewed and
   * confirmed at the authenticator.
   */
  private needLocalSigner(accountId: string, signer?: string): void {
    if (isPasskeyPublicKey(this.deps.wallet.account(accountId).publicKeys[0]!))
      throw new KeyChangeError(
        'This account signs with its passkey: review the key change and confirm it with your authenticator.',
        phrase('keyRefusal_reviewWithPasskey'),
      );
    if (signer !== undefined && isPasskeyPublicKey(signer))
      throw new KeyChangeError(
        'The passkey that takes over from this key signs its removal: review the change and confirm it with your authenticator.',
        phrase('keyRefusal_passkeyTakesOver'),
      );
  }
}
