// One runtime round trip to the background, as the relay and the UI make it. Never throws: an
// unreachable or silent background becomes a 4900 reply. Page-facing: imports only ./protocol.
import { ERROR_CODES, errorReply, isRuntimeReply, type RuntimeMessage, type RuntimeReply } from './protocol';

/** Sends a runtime message to the background (browser.runtime.sendMessage in the extension). */
export type SendToBackground = (message: RuntimeMessage) => Promise<unknown>;

export async function exchange(send: SendToBackground, message: RuntimeMessage): Promise<RuntimeReply> {
  try {
    const response = await send(message);
    return isRuntimeReply(response) ? response : errorReply(ERROR_CODES.disconnected, 'The extension did not answer');
  } catch {
    return errorReply(ERROR_CODES.disconnected, 'The extension is unreachable; reload the page');
  }
}
