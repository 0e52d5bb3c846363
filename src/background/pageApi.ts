/**
 * The provider methods web pages call (architecture.md "Provider API"). The origin is the browser's
 * word (router); only top frames may ask for signatures; key-management intents are refused outright;
 * anything that needs the user is queued and answered later (deferred).
 */
import * as z from 'zod/mini';
import { KEY_MANAGEMENT_INTENTS, type SignedIntent, intentHash, parseIntents, signedIntentSchema, verifySignedIntent } from '../core';
import type { IntentStatus } from '../bus';
import { ERROR_CODES, METHODS } from '../provider/protocol';
import type { ApprovalKind } from '../provider/approvalApi';
import type { ApprovalQueue } from './approvals';
import type { PageEvents } from './pageEvents';
import { publishIntentsParams, publishSignedParams, revokePermissionsParams, signIntentsParams, signMessageParams } from './pageParams';
import type { Permissions } from './permissions';
import { ProviderError } from './providerError';
import type { PageContext, PageHandler } from './router';
import type { BusPort } from './signer';
import type { WalletService } from './wallet';

/** A page request that waits for the user; the router answers `{ok:'deferred', approvalId}`. */
export class Deferred {
  constructor(readonly approvalId: string) {}
}

export interface PageApiDeps {
  wallet: WalletService;
  permissions: Permissions;
  queue: ApprovalQueue;
  events: PageEvents;
  bus: () => Promise<BusPort & { getStatus(intentHash: string): Promise<IntentStatus> }>;
  now: () => number;
}

const intentHashParams = z.object({ intentHash: z.string().check(z.minLength(1), z.maxLength(128)) });

function parse<T extends z.ZodMiniType>(schema: T, params: unknown): z.output<T> {
  const r = schema.safeParse(params ?? {});
  if (r.success) return r.data;
  const issue = r.error.issues[0];
  const field = issue?.path.join('.') ?? '';
  throw new ProviderError(ERROR_CODES.invalidParams, `${field || 'params'}: ${issue?.message ?? 'invalid'}`, { field });
}

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
    if (page.frameId !== 0) throw new ProviderError(ERROR_CODES.unauthorized, 'Only the top frame of a page may ask for signatures');
  };

  const requireConnected = async (page: PageContext, accountId?: string): Promise<string> => {
    const ids = await permissions.accountsOf(page.origin);
    if (ids.length === 0) throw new ProviderError(ERROR_CODES.unauthorized, 'This site is not connected; call intents_requestAccounts first');
    const chosen = accountId ?? ids[0]!;
    if (!ids.includes(chosen)) throw new ProviderError(ERROR_CODES.unauthorized, `Account ${chosen} is not connected to this site`);
    return chosen;
  };

  const defer = async (kind: ApprovalKind, page: PageContext, params: unknown) => {
    if (page.tabId === undefined) throw new ProviderError(ERROR_CODES.unauthorized, 'Requests must come from a browser tab');
    return new Deferred(await queue.enqueue({ kind, origin: page.origin, tabId: page.tabId, frameId: page.frameId, params }));
  };

  const refuseKeyManagement = (intents: unknown[]) => {
    parseIntents(intents).forEach((it, i) => {
      if (KEY_MANAGEMENT_INTENTS.has(it.intent)) {
        throw new ProviderError(ERROR_CODES.unauthorized, `A web page may not ask for '${it.intent}'; keys are managed only in the wallet`, {
          field: `intents.${i}.intent`,
        });
      }
    });
  };

  const remember = (page: PageContext) => (page.tabId === undefined ? undefined : events.remember({ tabId: page.tabId, frameId: page.frameId, origin: page.origin }));

  const handlers: [string, PageHandler][] = [
    [
      METHODS.requestAccounts,
      async (_p, page) => {
        requireTopFrame(page);
        const mine = wallet.vault.isUnlocked ? await granted(page.origin) : [];
        return mine.length > 0 ? mine : defer('connect', page, {});
      },
    ],
    [METHODS.accounts, async (_p, page) => (wallet.vault.isUnlocked ? granted(page.origin) : [])],
    [
      METHODS.signMessage,
      async (params, page) => {
        requireTopFrame(page);
        const p = parse(signMessageParams, params);
        const accountId = await requireConnected(page, p.accountId);
        return defer('signMessage', page, { ...p, accountId });
      },
    ],
    [
      METHODS.signIntents,
      async (params, page) => {
        requireTopFrame(page);
        const p = parse(signIntentsParams, params);
        const signerId = await requireConnected(page, p.signerId);
        refuseKeyManagement(p.intents);
        return defer('signIntents', page, { ...p, signerId });
      },
    ],
    [
      METHODS.publishIntents,
      async (params, page) => {
        requireTopFrame(page);
        if (typeof params === 'object' && params !== null && 'signed' in params) {
          const p = parse(publishSignedParams, params);
          const signed = signedIntentSchema.safeParse(p.signed);
          if (!signed.success) throw new ProviderError(ERROR_CODES.invalidParams, 'signed: not a signed intent (nep413 or raw_ed25519)', { field: 'signed' });
          await requireConnected(page);
          return publishSigned(signed.data, p.quoteHashes ?? []);
        }
        const p = parse(publishIntentsParams, params);
        const signerId = await requireConnected(page, p.signerId);
        refuseKeyManagement(p.intents);
        return defer('publishIntents', page, { ...p, signerId });
      },
    ],
    [METHODS.getIntentStatus, async (params) => (await deps.bus()).getStatus(parse(intentHashParams, params).intentHash)],
    [
      METHODS.disconnect,
      async (_p, page) => {
        await permissions.revoke(page.origin);
        await queue.rejectOrigin(page.origin);
        void events.emit((o) => o === page.origin, 'accountsChanged', []);
        void events.emit((o) => o === page.origin, 'disconnect', null);
        return null;
      },
    ],
    [
      METHODS.getPermissions,
      async (_p, page) => {
        const accounts = await permissions.accountsOf(page.origin);
        if (accounts.length === 0) return [];
        return [{ parentCapability: 'intents_accounts', invoker: page.origin, caveats: [{ type: 'restrictReturnedAccounts', value: accounts }] }];
      },
    ],
    [
      METHODS.revokePermissions,
      async (params, page) => {
        const p = parse(revokePermissionsParams, params);
        if (p.some((perm) => 'intents_accounts' in perm)) {
          await permissions.revoke(page.origin);
          void events.emit((o) => o === page.origin, 'accountsChanged', []);
        }
        return null;
      },
    ],
  ];

  async function publishSigned(signed: SignedIntent, quoteHashes: string[]) {
    const check = verifySignedIntent(signed);
    if (!check.ok) throw new ProviderError(ERROR_CODES.invalidParams, 'signed: the signature does not verify', { field: 'signed' });
    const out = await (await deps.bus()).publishIntent(signed, quoteHashes);
    const hash = out.intent_hash ?? intentHash(signed);
    if (out.status === 'FAILED' && !/already processed/i.test(out.reason)) {
      throw new ProviderError(ERROR_CODES.internal, `The verifier refused it: ${out.reason}`, { intentHash: hash, reason: out.reason });
    }
    return { intentHash: hash, status: 'OK' };
  }

  // Every page request also tells us where to send provider events later.
  return new Map(
    handlers.map(([method, fn]): [string, PageHandler] => [
      method,
      async (params, page) => {
        await remember(page);
        return fn(params, page);
      },
    ]),
  );
}
