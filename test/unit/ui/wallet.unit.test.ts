// The popup's wallet client: the messages it sends and how it turns replies into results or errors.
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { RuntimeMessage, RuntimeReply } from '../../../src/provider/protocol';

const sent: RuntimeMessage[] = [];
let reply: RuntimeReply = { ok: true, result: null };
vi.mock('../../../src/ui/messaging', () => ({
  askBackground: async (message: RuntimeMessage) => {
    sent.push(message);
    return reply;
  },
}));
const { wallet, WalletError, messageOf } = await import('../../../src/ui/wallet');

beforeEach(() => {
  sent.length = 0;
  reply = { ok: true, result: null };
});

describe('wallet client', () => {
  it('sends each method with its params', async () => {
    await wallet.unlock('hunter2hunter2');
    await wallet.status();
    await wallet.removeKey({ accountId: 'alice.near', publicKey: 'ed25519:A', confirmRemovingSigningKey: true });
    expect(sent).toEqual([
      { type: 'request', method: 'wallet_unlock', params: { password: 'hunter2hunter2' } },
      { type: 'request', method: 'wallet_status' },
      { type: 'request', method: 'wallet_removeKey', params: { accountId: 'alice.near', publicKey: 'ed25519:A', confirmRemovingSigningKey: true } },
    ]);
  });

  it('throws the background error with its message, code and data', async () => {
    reply = { ok: false, error: { code: -32602, message: 'Too many attempts; try again in 8 seconds', data: { retryAfterMs: 8000 } } };
    const err = await wallet.unlock('x').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(WalletError);
    expect(messageOf(err)).toBe('Too many attempts; try again in 8 seconds');
    expect(err).toMatchObject({ code: -32602, data: { retryAfterMs: 8000 } });
  });

  it('reads exported secrets as a string or an object field', async () => {
    reply = { ok: true, result: { secretKey: 'ed25519:SECRET' } };
    expect(await wallet.exportKey('ed25519:A', 'pw')).toBe('ed25519:SECRET');
    expect(sent.at(-1)).toEqual({ type: 'request', method: 'wallet_exportKey', params: { publicKey: 'ed25519:A', password: 'pw' } });
    reply = { ok: true, result: { words: ['legal', 'winner'] } };
    expect(await wallet.exportPhrase('p1', 'pw')).toEqual(['legal', 'winner']);
    reply = { ok: true, result: 'legal winner' };
    expect(await wallet.exportPhrase('p1', 'pw')).toEqual(['legal', 'winner']);
    reply = { ok: true, result: 42 };
    await expect(wallet.exportKey('ed25519:A', 'pw')).rejects.toThrow(/does not understand/);
  });
});
