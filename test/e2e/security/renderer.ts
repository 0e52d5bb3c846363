// The attacker inside a web page's renderer: code run in the relay content script's isolated world, as a
// compromised renderer of any page the user visits could run it (docs/security.md, "Who we defend
// against"). Found and driven through CDP: the isolated world of our content script is the execution
// context CDP reports with `auxData.type === 'isolated'` and the extension's origin.
import type { CDPSession, Page } from '@playwright/test';
import type { Extension } from '../fixtures';
import { expect } from '../sim';

interface ContextDescription {
  id: number;
  origin: string;
  name: string;
  auxData?: { type?: string; isDefault?: boolean; frameId?: string };
}

export interface RelayWorld {
  /** Evaluates `expression` (an async function's body is fine: it is awaited) there, and returns its JSON value. */
  run<T>(expression: string): Promise<T>;
  detach(): Promise<void>;
}

/** The relay's isolated world in `page`'s top frame. */
export async function relayWorld(page: Page, extension: Extension): Promise<RelayWorld> {
  const cdp: CDPSession = await page.context().newCDPSession(page);
  const contexts: ContextDescription[] = [];
  cdp.on('Runtime.executionContextCreated', ({ context }) => contexts.push(context as ContextDescription));
  await cdp.send('Runtime.enable');
  const origin = `chrome-extension://${extension.id}`;
  const find = () => contexts.find((c) => c.auxData?.type === 'isolated' && c.origin === origin);
  await expect
    .poll(() => find() !== undefined, { message: "the relay content script's isolated world exists" })
    .toBe(true);
  const contextId = find()!.id;
  return {
    async run<T>(expression: string) {
      const out = (await cdp.send('Runtime.evaluate', {
        expression,
        contextId,
        awaitPromise: true,
        returnByValue: true,
      })) as {
        result: { value?: unknown };
        exceptionDetails?: { text: string; exception?: { description?: string } };
      };
      if (out.exceptionDetails)
        throw new Error(
          `in the relay's world: ${out.exceptionDetails.exception?.description ?? out.exceptionDetails.text}`,
        );
      return out.result.value as T;
    },
    detach: () => cdp.detach().catch(() => undefined),
  };
}

/**
 * Reads all of `storage.local` from the relay's world: the JSON text, or the error the browser gives
 * (the wallet restricts the area to its own pages and worker).
 */
export function readLocal(
  world: RelayWorld,
): Promise<{ ok: true; items: Record<string, unknown> } | { ok: false; error: string }> {
  return world.run(`(async () => {
    try { return { ok: true, items: await chrome.storage.local.get(null) }; }
    catch (e) { return { ok: false, error: String(e && e.message || e) }; }
  })()`);
}

/** Writes `items` to `storage.local` from the relay's world: 'written', or the browser's refusal. */
export function writeLocal(world: RelayWorld, items: Record<string, unknown>): Promise<string> {
  return world.run(`(async () => {
    try { await chrome.storage.local.set(${JSON.stringify(items)}); return 'written'; }
    catch (e) { return 'refused: ' + String(e && e.message || e); }
  })()`);
}
