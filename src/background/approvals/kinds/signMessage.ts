/**
 * `intents_signMessage`: the window shows the message and its findings (../message.ts); at Confirm the
 * message is judged again, the site's grant checked on the network the wallet is on now, the nonce
 * claimed, and only then does the vault sign (docs/security.md, "No signature before consent").
 */
import type { ApprovalViewWire, ResolveParams } from '../../../api/approvalApi';
import type { NetworkView } from '../../../api/walletApi';
import { base64, hex, nep413Digest } from '../../../core';
import { ERROR_CODES } from '../../../provider/protocol';
import type { Permissions } from '../../page/permissions';
import { ProviderError } from '../../providerError';
import type { UsedNonces } from '../../signing/nonces';
import { refusePasskeyMessage } from '../../signing/passkeyMessage';
import type { WalletService } from '../../wallet/service';
import { checkMessageAtConfirm, messagePreview } from '../message';
import type { PendingOf } from '../pending';
import type { KindHandler } from './kind';

export interface SignMessageDeps {
  wallet: WalletService;
  permissions: Permissions;
  nonces: UsedNonces;
  verifierId: () => Promise<string>;
  /** The network the wallet is on now (../../wallet/network), named in the refusal. */
  network: () => Promise<NetworkView>;
}

export class SignMessageKind implements KindHandler<'signMessage'> {
  constructor(private readonly deps: SignMessageDeps) {}

  async view(p: PendingOf<'signMessage'>, base: ApprovalViewWire): Promise<ApprovalViewWire> {
    return { ...base, message: messagePreview(p, await this.deps.verifierId()) };
  }

  async carryOut(p: PendingOf<'signMessage'>, answer: ResolveParams): Promise<unknown> {
    const wallet = this.deps.wallet;
    const m = p.params;
    const accountId = m.accountId;
    // Judged again at signing: the window is not the source of truth, and the settings may have changed.
    checkMessageAtConfirm(p, await this.deps.verifierId(), answer.acknowledgeDanger === true);
    // And the site must still be connected to the account on the network the wallet is on now.
    if (!(await this.deps.permissions.accountsOf(p.origin)).includes(accountId)) {
      throw new ProviderError(
        ERROR_CODES.unauthorized,
        `This site is not connected to ${accountId} on ${(await this.deps.network()).label}; nothing was signed.`,
      );
    }
    refusePasskeyMessage(wallet.account(accountId));
    const publicKey = wallet.account(accountId).publicKeys[0]!;
    await wallet.touch();
    const payload = {
      message: m.message,
      nonce: base64.decode(m.nonce),
      recipient: m.recipient,
      callbackUrl: m.callbackUrl ?? null,
    };
    // The nonce is claimed before the signature exists outside the vault (one nonce, one signature). The
    // claim names this request too: the same request may finish after a worker restart, another request
    // for the very same bytes (another site, or the same one again) is refused.
    await this.deps.nonces.claim(
      await this.deps.verifierId(),
      accountId,
      m.nonce,
      `message:${p.id}:${hex.encode(nep413Digest(payload))}`,
      'message',
    );
    // base64, verified by the vault
    return { accountId, publicKey, signature: wallet.vault.signMessage(publicKey, payload) };
  }
}
