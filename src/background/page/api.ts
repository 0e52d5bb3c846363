/**
 * The provider methods web pages call (docs/architecture.md, "Provider API"). The origin is the
 * browser's word (router). A page gets nothing it was not granted (docs/security.md): apart from
 * discovery and what describes its own grant (OPEN_METHODS), every method needs a connected origin
 * and the top frame; methods that spend the user's API key are rate-limited; key-management intents
 * are refused outright; anything that needs the user is queued and answered later (deferred).
 */
import type * as z from 'zod/mini';
import type { IntentStatus } from '../../bus';
import { isVerifierRecipient, networkOfVerifier, signedIntentSchema, siteOf } from '../../core';
import { ERROR_CODES, METHODS, type PageStatus, type ProviderMethod } from '../../provider/protocol';
import type { PublishedIntents } from '../activity/published';
import type { NewRequest } from '../approvals/pending';
import type { ApprovalQueue } from '../approvals/queue';
import { ProviderError } from '../providerError';
import type { UsedNonces } from '../signing/nonces';
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

export function pageHandlers(deps: PageApiDeps): Map<string, PageHandler> {
  const { wallet, permissions, queue, events } = deps;

  /** Accounts granted to the origin that still exist in the unlocked wallet. */
  const granted = async (origin: string) => {
    const ids = await permissions.accountsOf(origin);
    const mine = wallet.accounts();
    return ids.flatMap((id) => {
      const a = mine.find((m) => m.accountId === id);
      return a ? [{ accountId: a.accountId, publicKey: a.publicKeys[0]! }] : [];
    });
  };

  const requireTopFrame = (page: PageContext) => {
    if (page.frameId !== 0)
      throw new ProviderError(ERROR_CODES.unauthorized, 'Only the top frame of a page may ask for signatures');
  };

  const requireConnected = async (page: PageContext, accountId?: string): Promise<string> => {
    const ids = await permissions.accountsOf(page.origin);
    if (ids.length === 0)
      throw new ProviderError(
        ERROR_CODES.unauthorized,
        'This site is not connected; call intents_requestAccounts first',
      );
    const chosen = accountId ?? ids[0]!;
    if (!ids.includes(chosen))
      throw new ProviderError(ERROR_CODES.unauthorized, `Account ${chosen} is not connected to this site`);
    return chosen;
  };

  /** Calls that reach the network with the user's credentials: the site's fair budget (./rateLimits). */
  const spendNetwork = (page: PageContext) =>
    deps.limits.take('network', siteOf(page.origin), 'Too many requests from this site; wait a minute and try again');

  const defer = async (page: PageContext, ask: Ask) => {
    if (page.tabId === undefined)
      throw new ProviderError(ERROR_CODES.unauthorized, 'Requests must come from a browser tab');
    const id = await queue.enqueue({
      ...ask,
      origin: page.origin,
      tabId: page.tabId,
      frameId: page.frameId,
      doc: page.doc,
      documentId: page.documentId,
    });
    return new Deferred(id);
  };

  const refuseUsedNonce = async (accountId: string, nonce: string | undefined) => {
    // Locked, the registry is sealed: the nonce is checked when the payload is prepared, after the unlock.
    if (!wallet.vault.isUnlocked) return;
    if (nonce !== undefined && (await deps.nonces.has(await deps.verifierId(), accountId, nonce))) {
      throw new ProviderError(
        ERROR_CODES.invalidParams,
        'nonce: this nonce was already used by this account; the wallet never signs a nonce twice',
        { field: 'nonce' },
      );
    }
  };

  const handlers = {
    [METHODS.requestAccounts]: async (_p, page) => {
      requireTopFrame(page);
      const mine = wallet.vault.isUnlocked ? await granted(page.origin) : [];
      return mine.length > 0 ? mine : defer(page, { kind: 'connect', params: {} });
    },
    [METHODS.accounts]: async (_p, page) => (wallet.vault.isUnlocked ? granted(page.origin) : []),
    [METHODS.signMessage]: async (params, page) => {
      const p = parse(signMessageParams, params);
      // An intents payload signed as a "message" for the verifier would skip the intent preview, the
      // risk rules, the key-management refusal and the nonce registry (docs/security.md).
      if (isVerifierRecipient(p.recipient, await deps.verifierId())) {
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
      const accountId = await requireConnected(page, p.accountId);
      await refuseUsedNonce(accountId, p.nonce);
      return defer(page, { kind: 'signMessage', params: { ...p, accountId } });
    },
    [METHODS.signIntents]: async (params, page) => {
      const p = parse(signIntentsParams, params);
      const signerId = await requireConnected(page, p.signerId);
      refuseKeyManagement(p.intents);
      await refuseUsedNonce(signerId, p.nonce);
      return defer(page, { kind: 'signIntents', params: { ...p, signerId } });
    },
    [METHODS.publishIntents]: async (params, page) => {
      if (typeof params === 'object' && params !== null && 'signed' in params) {
        const p = parse(publishSignedParams, params);
        const signed = signedIntentSchema.safeParse(p.signed);
        if (!signed.success)
          throw new ProviderError(ERROR_CODES.invalidParams, 'signed: not a signed intent (nep413 or raw_ed25519)', {
            field: 'signed',
          });
        await spendNetwork(page);
        return publishSigned(deps, signed.data, p.quoteHashes ?? [], page.origin);
      }
      const p = parse(publishIntentsParams, params);
      const signerId = await requireConnected(page, p.signerId);
      refuseKeyManagement(p.intents);
      await refuseUsedNonce(signerId, p.nonce);
      return defer(page, { kind: 'publishIntents', params: { ...p, signerId } });
    },
    [METHODS.getIntentStatus]: async (params, page) => {
      const { intentHash: hash } = parse(intentHashParams, params);
      await spendNetwork(page);
      const status = await (await deps.bus()).getStatus(hash);
      await deps.published.observe(status).catch(() => undefined);
      return status;
    },
    [METHODS.disconnect]: async (_p, page) => {
      await permissions.revoke(page.origin);
      await queue.rejectOrigin(page.origin);
      void events.emit((o) => o === page.origin, 'accountsChanged', []);
      void events.emit((o) => o === page.origin, 'disconnect', null);
      return null;
    },
    [METHODS.network]: async () => pageNetwork(await deps.verifierId()),
    // Locked, a connected site is told so (it can say "unlock" rather than "connect"); a stranger learns nothing.
    [METHODS.status]: async (_p, page): Promise<PageStatus> =>
      (await permissions.accountsOf(page.origin)).length > 0
        ? { connected: true, locked: !wallet.vault.isUnlocked }
        : { connected: false },
    [METHODS.getPermissions]: async (_p, page) => {
      // Locked, like intents_accounts: the grant's accounts are not shown.
      const accounts = wallet.vault.isUnlocked ? await permissions.accountsOf(page.origin) : [];
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
        await permissions.revoke(page.origin);
        void events.emit((o) => o === page.origin, 'accountsChanged', []);
      }
      return null;
    },
  } satisfies Record<ProviderMethod, PageHandler>;

  const table: Record<ProviderMethod, PageHandler> = handlers;
  // Every page request also tells us where to send provider events later; a new document in a tab's
  // top frame means the tab navigated: the requests of its earlier documents have nobody to answer.
  return new Map(
    (Object.keys(table) as ProviderMethod[]).map((method): [string, PageHandler] => [
      method,
      async (params, page) => {
        if (!OPEN_METHODS.has(method)) {
          requireTopFrame(page);
          await requireConnected(page);
        }
        if (page.tabId !== undefined) {
          await events.remember({
            tabId: page.tabId,
            frameId: page.frameId,
            origin: page.origin,
            doc: page.doc,
            documentId: page.documentId,
          });
          if (page.frameId === 0) await queue.dropOtherDocuments(page.tabId, page.doc);
        }
        return table[method](params, page);
      },
    ]),
  );
}
