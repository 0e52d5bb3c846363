// The background's message router: a plain function of (message, sender), unit-tested directly.
// entrypoints/background.ts wires it to browser.runtime.onMessage.
import { ERROR_CODES, METHODS, errorReply, type RuntimeReply } from '../provider/protocol';
import { runtimeMessageSchema } from '../provider/schemas';

/** What the router reads of runtime.MessageSender (the browser's word on who is asking). */
export interface RouteSender {
  id?: string;
  url?: string;
  origin?: string;
  frameId?: number;
  tab?: { id?: number };
}

export interface PingResult {
  ready: true;
}

type Handler = (params: unknown, sender: RouteSender) => Promise<unknown> | unknown;

const handlers = new Map<string, Handler>([
  // No origin has been granted accounts yet (connect approval comes with the permissions issue).
  [METHODS.accounts, () => []],
]);

export async function route(message: unknown, sender: RouteSender): Promise<RuntimeReply> {
  const parsed = runtimeMessageSchema.safeParse(message);
  if (!parsed.success) {
    const field = parsed.error.issues[0]?.path.join('.') ?? '';
    return errorReply(ERROR_CODES.invalidParams, 'Malformed message', { field });
  }
  const msg = parsed.data;
  if (msg.type === 'ping') return { ok: true, result: { ready: true } satisfies PingResult };

  const handler = handlers.get(msg.method);
  if (!handler) return errorReply(ERROR_CODES.unsupportedMethod, `Unsupported method: ${msg.method}`);
  try {
    return { ok: true, result: await handler(msg.params, sender) };
  } catch (err) {
    console.error('[router]', msg.method, err);
    return errorReply(ERROR_CODES.internal, 'Internal error');
  }
}
