// The UI's only line to the background: runtime messages through provider/rpc.
import { browser } from 'wxt/browser';
import type { RuntimeMessage, RuntimeReply } from '../provider/protocol';
import { exchange } from '../provider/rpc';

export function askBackground(message: RuntimeMessage): Promise<RuntimeReply> {
  return exchange((m) => browser.runtime.sendMessage(m), message);
}
