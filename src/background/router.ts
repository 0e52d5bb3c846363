/**
 * The background's message router: a plain function of (message, sender), unit-tested directly.
 * entrypoints/background.ts wires it to browser.runtime.onMessage. Wallet methods are answered only
 * to the extension's own pages; the origin of a page request is what the browser says (sender),
 * never what the page says.
 */
import { type DeferredReply, ERROR_CODES, errorReply, type RuntimeReply } from '../provider/protocol';
import { runtimeMessageSchema } from '../provider/schemas';
import { replyForError } from './errors';
import { originOf } from './origin';
import { Deferred, type PageContext, type PageHandler } from './page/context';

export type { PageContext, PageHandler };

import type { ApprovalResults } from '../api/approvalApi';
import type { ContactsResults } from '../api/contactsApi';
import type { SwapResults } from '../api/swapApi';
import type { ToolbarResults } from '../api/toolbarApi';
import type { WalletResults } from '../api/walletApi';
import { type InternalMethod, type InternalParams, internalParams, isInternalMethod } from './params';
import { zodProviderError } from './zodField';

/** Every internal method's answer, from the APIs' tables. */
type InternalResults = WalletResults & SwapResults & ApprovalResults & ContactsResults & ToolbarResults;

import type { RouteSender } from './origin';

export type { RouteSender };

export interface PingResult {
  ready: true;
}

export interface RouterDeps {
  /** `chrome-extension://<id>` (no trailing slash). */
  extensionOrigin: string;
  page: ReadonlyMap<string, PageHandler>;
  /** The wallet and approval APIs, for the extension's own pages. */
  wallet: { [K in InternalMethod]: (params: InternalParams[K]) => Promise<InternalResults[K]> };
}

export class Router {
  constructor(private readonly deps: RouterDeps) {}

  private isExtensionPage(sender: RouteSender): boolean {
    return originOf(sender) === this.deps.extensionOrigin;
  }

  async route(message: unknown, sender: RouteSender): Promise<RuntimeReply | DeferredReply> {
    const parsed = runtimeMessageSchema.safeParse(message);
    if (!parsed.success) {
      const field = parsed.error.issues[0]?.path.join('.') ?? '';
      return errorReply(ERROR_CODES.invalidParams, 'Malformed message', { field });
    }
    const msg = parsed.data;
    if (msg.type === 'ping') return { ok: true, result: { ready: true } satisfies PingResult };

    try {
      if (isInternalMethod(msg.method)) {
        // A web page must never reach the wallet's own API, whatever it sends.
        if (!this.isExtensionPage(sender))
          return errorReply(ERROR_CODES.unsupportedMethod, `Unsupported method: ${msg.method}`);
        const params = internalParams[msg.method].safeParse(msg.params);
        if (!params.success) return replyForError(zodProviderError(params.error));
        const handler = this.deps.wallet[msg.method] as (p: unknown) => Promise<unknown>;
        return { ok: true, result: await handler(params.data) };
      }
      const handler = this.deps.page.get(msg.method);
      if (!handler) return errorReply(ERROR_CODES.unsupportedMethod, `Unsupported method: ${msg.method}`);
      const origin = originOf(sender);
      // file:, data:, blob: and other extensions' pages have no origin a person can check, and
      // every file: page would share one grant (docs/security.md).
      if (!origin || !/^https?:\/\/[^/]/.test(origin))
        return errorReply(ERROR_CODES.unauthorized, 'Only http(s) web pages may use the wallet');
      const result = await handler(msg.params, {
        origin,
        tabId: sender.tab?.id,
        frameId: sender.frameId ?? 0,
        doc: msg.doc ?? null,
        documentId: sender.documentId ?? null,
      });
      return result instanceof Deferred ? { ok: 'deferred', approvalId: result.approvalId } : { ok: true, result };
    } catch (error) {
      return replyForError(error);
    }
  }
}
