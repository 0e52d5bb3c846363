// The UI's line to the background: runtime messages through provider/rpc (their replies are unwrapped in
// one place, ./call.ts). (The one other line is the port a page holds while a secret it copied waits to be
// cleared: src/ui/clipboard.ts.)
import { browser } from 'wxt/browser';
import type { RuntimeMessage, RuntimeReply } from '../provider/protocol';
import { exchange } from '../provider/rpc';

export function askBackground(message: RuntimeMessage): Promise<RuntimeReply> {
  return exchange((m) => browser.runtime.sendMessage(m), message);
}

/** One value of storage.session, which only the extension's own pages can read (src/api/statusSnapshot.ts). */
export async function readSession(key: string): Promise<unknown> {
  return (await browser.storage.session.get(key))[key];
}
