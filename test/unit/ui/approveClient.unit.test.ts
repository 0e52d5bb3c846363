// The approval window's client reading answers: the origin it derives, the words it gives each intent,
// what it refuses to render, errors. (What it sends, through the real router: test/unit/ui/clients.int.test.ts.)
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { ApprovalView } from '../../../src/api/approvalApi';
import type { RuntimeMessage, RuntimeReply } from '../../../src/provider/protocol';

const sent: RuntimeMessage[] = [];
let reply: RuntimeReply = { ok: true, result: null };
vi.mock('../../../src/ui/messaging', () => ({
  askBackground: async (message: RuntimeMessage) => {
    sent.push(message);
    return reply;
  },
}));
const { approvals } = await import('../../../src/ui/approve/client');
const { WalletError } = await import('../../../src/ui/wallet');

const view: ApprovalView = {
  id: 'r1',
  kind: 'connect',
  origin: { origin: 'https://app.example', host: 'app.example', punycode: false, insecure: false },
  createdAt: 1,
  waiting: 1,
  locked: false,
  accounts: [],
  blocked: null,
  network: { id: 'mainnet', label: 'Mainnet', verifierId: 'intents.near' },
};

beforeEach(() => {
  sent.length = 0;
  reply = { ok: true, result: null };
});

describe('approval client', () => {
  it('reads null as "nothing waiting", and a view with the origin the window derives from the browser\'s string', async () => {
    expect(await approvals.current()).toBeNull();
    reply = { ok: true, result: { ...view, origin: 'https://xn--80ak6aa92e.com' } };
    expect(await approvals.current()).toEqual({
      ...view,
      origin: expect.objectContaining({
        origin: 'https://xn--80ak6aa92e.com',
        host: 'xn--80ak6aa92e.com',
        punycode: true,
      }),
    });
  });

  it('words each intent itself, with the tokens the background named', async () => {
    const intents = {
      accountId: 'alice.near',
      verifier: 'intents.near',
      deadline: '2030-01-01T00:00:00.000Z',
      nonceKind: 'versioned',
      standard: 'nep413',
      intents: [
        {
          type: 'transfer',
          intent: {
            intent: 'transfer',
            receiver_id: 'bob.near',
            tokens: { 'nep141:wrap.near': '1500000000000000000000000' },
          },
          findings: [],
        },
      ],
      tokens: [{ assetId: 'nep141:wrap.near', symbol: 'wNEAR', decimals: 24, blockchain: 'near' }],
      batchFindings: [],
      level: 'danger',
      simulation: null,
      quoteHashes: [],
      raw: '{}',
    };
    reply = { ok: true, result: { ...view, kind: 'signIntents', origin: 'https://app.example', intents } };
    const shown = await approvals.current();
    expect(shown?.intents?.intents).toEqual([
      { type: 'transfer', findings: [], lines: ['Send 1.5 wNEAR to bob.near'] },
    ]);
  });

  it('refuses an answer it cannot render', async () => {
    reply = { ok: true, result: { id: 'r1' } };
    await expect(approvals.current()).rejects.toThrow(/does not understand/);
  });

  it("throws the background's error as a WalletError", async () => {
    reply = { ok: false, error: { code: 4100, message: 'Acknowledge the danger first' } };
    const err = await approvals.resolve({ id: 'r1', approve: true }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(WalletError);
    expect(err).toMatchObject({ code: 4100, message: 'Acknowledge the danger first' });
  });
});
