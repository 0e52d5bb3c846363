/**
 * The provider methods web pages call (docs/architecture.md, "Provider API"). The origin is the
 * browser's word (router). A page gets nothing it was not granted (docs/security.md): apart from
 * discovery and what describes its own grant (OPEN_METHODS), every method needs a connected origin
 * and the top frame; methods that spend the user's API key are rate-limited; key-management intents
 * are refused outright; anything that needs the user is queued and answered later (deferred).
 */
import type * as z from 'zod/mini';
import type { IntentStatus } from '../../bus';
import { isVerifierRecipient, multiPayloadSchema, networkOfVerifier, siteOf } from '../../core';
import { ERROR_CODES, METHODS, type PageStatus, type ProviderMethod } from '../../provider/protocol';
import type { PublishedIntents } from '../activity/published';
import type { NewRequest } from '../approvals/pending';
import type { ApprovalQueue } from '../approvals/queue';
import { ProviderError } from '../providerError';
import type { UsedNonces } from '../signing/nonces';
import { refusePasskeyMessage } from '../signing/passkeyMessage';
import type { BusPort } from '../signing/signer';
import type { WalletService } from '../wallet/service';
import { zodProviderError } from '../zodField';
import { Deferred, type PageContext, type PageHandler } from './context';
import type { PageEvents } from './events';
import {
  intentHashParams,
  publishIntentsParams,
  publishSignedParams,
  revokePermissionsParams,
  signIntentsParams,
  signMessageParams,
} from './params';
import type { Permissions } from './permissions';
import { publishSigned } from './publishSigned';
import type { RateLimits } from './rateLimits';
import { looksLikeIntents, refuseKeyManagement } from './refusals';

/** A request for the approval window: its kind and the parameters of that kind. */
type Ask = NewRequest extends infer P ? (P extends NewRequest ? Pick<P, 'kind' | 'params'> : never) : never;

export interface PageApiDeps {
  wallet: WalletService;
  permissions: Permissions;
  queue: ApprovalQueue;
  events: PageEvents;
  nonces: UsedNonces;
  limits: RateLimits;
  verifierId: () => Promise<string>;
  bus: () => Promise<BusPort & { getStatus(intentHash: string): Promise<IntentStatus> }>;
  /** Activity's record of what this wallet published (../activity/published). */
  published: Pick<PublishedIntents, 'add' | 'observe'>;
}

function parse<T extends z.ZodMiniType>(schema: T, params: unknown): z.output<T> {
  const r = schema.safeParse(params ?? {});
  if (r.success) return r.data;
  throw zodProviderError(r.error);
}

/**
 * Methods a page may call before it is connected, and from any frame: discovery, and what tells the
 * origin only its own grant (`intents_accounts`, EIP-2255 `wallet_getPermissions`, [] when none;
 * `intents_status`, `{connected: false}` when none).
 */
const OPEN_METHODS: ReadonlySet<ProviderMethod> = new Set([
  METHODS.requestAccounts,
  METHODS.accounts,
  METHODS.getPermissions,
  METHODS.status,
]);

/** The network as a connected page sees it (`intents_network`, the `networkChanged` event). */
export const pageNetwork = (verifierId: string) => ({ network: networkOfVerifier(verifierId), verifierId });

export class PageApi {
  /** Method → handler, each behind the checks every page request passes (the router's `page`). */
  readonly handlers: ReadonlyMap<string, PageHandler>;

  constructor(private readonly deps: PageApiDeps) {
    // Every page request also tells us where to send provider events later; a new document in a tab's
    // top frame means the tab navigated: the requests of its earlier documents have nobody to answer.
    this.handlers = new Map(
      (Object.keys(this.table) as ProviderMethod[]).map((method): [string, PageHandler] => [
        method,
        async (params, page) => {
          if (!OPEN_METHODS.has(method)) {
            this.requireTopFrame(page);
            await this.requireConnected(page);
          }
          if (page.tabId !== undefined) {
            await this.deps.events.remember({
              tabId: page.tabId,
              frameId: page.frameId,
              origin: page.origin,
              doc: page.doc,
              documentId: page.documentId,
            });
            if (page.frameId === 0) await this.deps.queue.dropOtherDocuments(page.tabId, page.doc);
          }
          return this.table[method](params, page);
        },
      ]),
    );
  }

  /** Accounts granted to the origin that still exist in the unlocked wallet. */
  private async granted(origin: string): Promise<{ accountId: string; publicKey: string }[]> {
    const ids = await this.deps.permissions.accountsOf(origin);
    const mine = this.deps.wallet.accounts();
    return ids.flatMap((id) => {
      const a = mine.find((m) => m.accountId === id);
      return a ? [{ accountId: a.accountId, publicKey: a.publicKeys[0]! }] : [];
    });
  }

  private requireTopFrame(page: PageContext): void {
    if (page.frameId !== 0)
      throw new ProviderError(ERROR_CODES.unauthorized, 'Only the top frame of a page may ask for signatures');
  }

  private async requireConnected(page: PageContext, accountId?: string): Promise<string> {
    const ids = await this.deps.permissions.accountsOf(page.origin);
    if (ids.length === 0)
      throw new ProviderError(
        ERROR_CODES.unauthorized,
        'This site is not connected; call intents_requestAccounts first',
      );
    const chosen = accountId ?? ids[0]!;
    if (!ids.includes(chosen))
      throw new ProviderError(ERROR_CODES.unauthorized, `Account ${chosen} is not connected to this site`);
    return chosen;
  }

  /** Calls that reach the network with the user's credentials: the site's fair budget (./rateLimits). */
  private spendNetwork(page: PageContext): Promise<void> {
    return this.deps.limits.take(
      'network',
      siteOf(page.origin),
      'Too many requests from this site; wait a minute and try again',
    );
  }

  private async defer(page: PageContext, ask: Ask): Promise<Deferred> {
    if (page.tabId === undefined)
      throw new ProviderError(ERROR_CODES.unauthorized, 'Requests must come from a browser tab');
    const id = await this.deps.queue.enqueue({
      ...ask,
      origin: page.origin,
      tabId: page.tabId,
      frameId: page.frameId,
      doc: page.doc,
      documentId: page.documentId,
    });
    return new Deferred(id);
  }

  private async refuseUsedNonce(accountId: string, nonce: string | undefined): Promise<void> {
    // Locked, the registry is sealed: the nonce is checked when the payload is prepared, after the unlock.
    if (!this.deps.wallet.vault.isUnlocked) return;
    if (nonce !== undefined && (await this.deps.nonces.has(await this.deps.verifierId(), accountId, nonce))) {
      throw new ProviderError(
        ERROR_CODES.invalidParams,
        'nonce: this nonce was already used by this account; the wallet never signs a nonce twice',
        { field: 'nonce' },
      );
    }
  }

  private readonly table: Record<ProviderMethod, PageHandler> = {
    [METHODS.requestAccounts]: async (_p, page) => {
      this.requireTopFrame(page);
      const mine = this.deps.wallet.vault.isUnlocked ? await this.granted(page.origin) : [];
      return mine.length > 0 ? mine : this.defer(page, { kind: 'connect', params: {} });
    },
    [METHODS.accounts]: async (_p, page) => (this.deps.wallet.vault.isUnlocked ? this.granted(page.origin) : []),
    [METHODS.signMessage]: async (params, page) => {
      const p = parse(signMessageParams, params);
      // An intents payload signed as a "message" for the verifier would skip the intent preview, the
      // risk rules, the key-management refusal and the nonce registry (docs/security.md).
      if (isVerifierRecipient(p.recipient, await this.deps.verifierId())) {
        throw new ProviderError(
          ERROR_CODES.invalidParams,
          'recipient: messages for the verifier contract are refused; ask for intents with intents_signIntents',
          { field: 'recipient' },
        );
      }
      // The same payload is an intent on any deployment of the verifier, whatever the recipient says.
      if (looksLikeIntents(p.message)) {
        throw new ProviderError(
          ERROR_CODES.invalidParams,
          'message: this message is an intents payload; ask for intents with intents_signIntents',
          { field: 'message' },
        );
      }
      const accountId = await this.requireConnected(page, p.accountId);
      // Locked, the account's keys are unknown: the window unlocks first, and Confirm checks it (kinds/signMessage).
      const account = this.deps.wallet.accounts().find((a) => a.accountId === accountId);
      if (account) refusePasskeyMessage(account);
      await this.refuseUsedNonce(accountId, p.nonce);
      return this.defer(page, { kind: 'signMessage', params: { ...p, accountId } });
    },
    [METHODS.signIntents]: async (params, page) => {
      const p = parse(signIntentsParams, params);
      const signerId = await this.requireConnected(page, p.signerId);
      refuseKeyManagement(p.intents);
      await this.refuseUsedNonce(signerId, p.nonce);
      return this.defer(page, { kind: 'signIntents', params: { ...p, signerId } });
    },
    [METHODS.publishIntents]: async (params, page) => {
      if (typeof params === 'object' && params !== null && 'signed' in params) {
        const p = parse(publishSignedParams, params);
        const signed = multiPayloadSchema.safeParse(p.signed);
        if (!signed.success)
          throw new ProviderError(
            ERROR_CODES.invalidParams,
            'signed: not a signed intent (nep413, raw_ed25519 or webauthn)',
            {
              field: 'signed',
            },
          );
        await this.spendNetwork(page);
        return publishSigned(this.deps, signed.data, p.quoteHashes ?? [], page.origin);
      }
      const p = parse(publishIntentsParams, params);
      const signerId = await this.requireConnected(page, p.signerId);
      refuseKeyManagement(p.intents);
      await this.refuseUsedNonce(signerId, p.nonce);
      return this.defer(page, { kind: 'publishIntents', params: { ...p, signerId } });
    },
    [METHODS.getIntentStatus]: async (params, page) => {
      const { intentHash: hash } = parse(intentHashParams, params);
      await this.spendNetwork(page);
      const status = await (await this.deps.bus()).getStatus(hash);
      await this.deps.published.observe(status).catch(() => undefined);
      return status;
    },
    [METHODS.disconnect]: async (_p, page) => {
      await this.deps.permissions.revoke(page.origin);
      await this.deps.queue.rejectOrigin(page.origin);
      void this.deps.events.emit((o) => o === page.origin, 'accountsChanged', []);
      void this.deps.events.emit((o) => o === page.origin, 'disconnect', null);
      return null;
    },
    [METHODS.network]: async () => pageNetwork(await this.deps.verifierId()),
    // Locked, a connected site is told so (it can say "unlock" rather than "connect"); a stranger learns nothing.
    // The ids it was granted, locked too: near-connect keeps a wallet selected only while it names accounts
    // (src/provider/nearConnect.ts), and the site was given these ids when it connected.
    [METHODS.status]: async (_p, page): Promise<PageStatus> => {
      const accountIds = await this.deps.permissions.accountsOf(page.origin);
      return accountIds.length > 0
        ? { connected: true, locked: !this.deps.wallet.vault.isUnlocked, accountIds }
        : { connected: false };
    },
    [METHODS.getPermissions]: async (_p, page) => {
      // Locked, like intents_accounts: the grant's accounts are not shown.
      const accounts = this.deps.wallet.vault.isUnlocked ? await this.deps.permissions.accountsOf(page.origin) : [];
      if (accounts.length === 0) return [];
      return [
        {
          parentCapability: 'intents_accounts',
          invoker: page.origin,
          caveats: [{ type: 'restrictReturnedAccounts', value: accounts }],
        },
      ];
    },
    [METHODS.revokePermissions]: async (params, page) => {
      const p = parse(revokePermissionsParams, params);
      if (p.some((perm) => 'intents_accounts' in perm)) {
        await this.deps.permissions.revoke(page.origin);
        void this.deps.events.emit((o) => o === page.origin, 'accountsChanged', []);
      }
      return null;
    },
  };
}
