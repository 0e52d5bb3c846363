// Ledger RPC failover (docs/services.md, "The ledger RPC"): hosts are tried in order on transport
// failures (network error, 429, 5xx, a JSON-RPC error that is not a panic); a contract panic or an
// answer is final; the host that answered is asked first next time. The network is a fake per host;
// the client is the real one. Also: the presets and the settings that carry the list.
import { describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { type SettingsView, WALLET } from '../../../src/api/walletApi';
import { startBackground } from '../../../src/background/start';
import { applySettingsChange, defaultSettings, settingsSchema } from '../../../src/background/wallet/settingsModel';
import { LedgerRpcClient, LedgerViewError } from '../../../src/bus';
import { type HttpDeps, utf8 } from '../../../src/core';
import guestPanic from '../../fixtures/live/ledger-panic-guest.response.json';
import { backgroundEnv, call } from '../background/harness';

type Host = 'down' | 429 | 500 | 307 | 'panic' | 'rpc-error' | 'ok';
const ok = {
  jsonrpc: '2.0',
  id: 'dontcare',
  result: { result: [...utf8.encode(JSON.stringify(7))], logs: [], block_height: 1, block_hash: 'h' },
};

function network(hosts: Record<string, Host>, asked: string[]): HttpDeps {
  return {
    fetch: async (url) => {
      asked.push(new URL(url).host);
      const kind = hosts[new URL(url).host];
      if (kind === 'down') throw new TypeError('fetch failed');
      const answer = (status: number, body: unknown) => ({
        status,
        headers: { get: () => null },
        text: async () => JSON.stringify(body),
      });
      if (kind === 429 || kind === 500) return answer(kind, { error: 'busy' });
      if (kind === 307) return answer(307, null);
      if (kind === 'panic') return answer(200, guestPanic);
      if (kind === 'rpc-error')
        return answer(200, {
          jsonrpc: '2.0',
          id: 'dontcare',
          error: { code: -32000, message: 'Server error', data: 'Too many requests' },
        });
      return answer(200, ok);
    },
    sleep: async () => undefined,
  };
}
const client = (hosts: Record<string, Host>, asked: string[], memory: { active?: string } = {}) =>
  new LedgerRpcClient({
    url: 'https://a.example',
    fallbacks: ['https://b.example', 'https://c.example'],
    memory,
    verifierId: 'intents.near',
    deps: network(hosts, asked),
  });

describe('ledger RPC failover', () => {
  it.each([['down'], [429], [500], [307], ['rpc-error']] as [Host][])('%s: the next host answers', async (failure) => {
    const asked: string[] = [];
    expect(await client({ 'a.example': failure, 'b.example': 'ok', 'c.example': 'ok' }, asked).fee()).toBe(7);
    expect(asked.at(-1)).toBe('b.example');
    expect(asked).not.toContain('c.example');
  });

  it('a contract panic is the answer: no other host is asked', async () => {
    const asked: string[] = [];
    const e = await client({ 'a.example': 'panic', 'b.example': 'ok', 'c.example': 'ok' }, asked)
      .fee()
      .catch((x: unknown) => x);
    expect(e).toBeInstanceOf(LedgerViewError);
    expect(asked).toEqual(['a.example']);
  });

  it('a redirect is never followed: with no other host, the call fails saying so, asked once', async () => {
    const asked: string[] = [];
    const single = new LedgerRpcClient({
      url: 'https://a.example',
      verifierId: 'intents.near',
      deps: network({ 'a.example': 307 }, asked),
    });
    await expect(single.fee()).rejects.toMatchObject({
      kind: 'redirect',
      message: expect.stringContaining('answered with a redirect'),
    });
    expect(asked).toEqual(['a.example']);
  });

  it('every host failing: the last failure, each host asked', async () => {
    const asked: string[] = [];
    await expect(client({ 'a.example': 'down', 'b.example': 500, 'c.example': 'down' }, asked).fee()).rejects.toThrow();
    expect(new Set(asked)).toEqual(new Set(['a.example', 'b.example', 'c.example']));
  });

  it('the host that answered is asked first next time', async () => {
    const memory = {};
    const asked: string[] = [];
    await client({ 'a.example': 'down', 'b.example': 'ok', 'c.example': 'ok' }, asked, memory).fee();
    asked.length = 0;
    await client({ 'a.example': 'ok', 'b.example': 'ok', 'c.example': 'ok' }, asked, memory).fee();
    expect(asked).toEqual(['b.example']);
  });
});

describe('the list in settings', () => {
  it('Mainnet: the SDK’s providers first, the deprecated public host last; Local: the simulator alone', () => {
    const mainnet = defaultSettings('mainnet');
    expect([mainnet.endpoints.ledgerRpc, ...(mainnet.ledgerRpcFallbacks ?? [])]).toEqual([
      'https://near-rpc.defuse.org',
      'https://free.rpc.fastnear.com',
      'https://rpc.mainnet.near.org',
    ]);
    expect(defaultSettings('local').ledgerRpcFallbacks).toEqual([]);
  });

  it('settings saved before the list existed still load; another primary host drops the old list', () => {
    const { ledgerRpcFallbacks: _dropped, ...older } = defaultSettings('mainnet');
    expect(settingsSchema.parse(older).ledgerRpcFallbacks).toBeUndefined();
    const moved = applySettingsChange(defaultSettings('mainnet'), {
      endpoints: { ledgerRpc: 'https://my-rpc.example' },
    });
    expect(moved).toMatchObject({ preset: 'custom', ledgerRpcFallbacks: [] });
    const listed = applySettingsChange(moved, { ledgerRpcFallbacks: ['https://b.example'] });
    expect(listed.ledgerRpcFallbacks).toEqual(['https://b.example']);
    expect(() => applySettingsChange(moved, { ledgerRpcFallbacks: ['ftp://x'] })).toThrow();
  });

  it('the settings view names the host in use once one answered', async () => {
    fakeBrowser.reset();
    const asked: string[] = [];
    const env = backgroundEnv({ now: Date.now() });
    const bg = startBackground({
      ...env,
      defaultPreset: 'mainnet',
      fetch: network(
        { 'near-rpc.defuse.org': 'down', 'free.rpc.fastnear.com': 'ok', 'rpc.mainnet.near.org': 'ok' },
        asked,
      ).fetch,
    });
    expect((await call<SettingsView>(bg, WALLET.getSettings)).ledgerRpcActive).toBeNull();
    // The fake's answer is not a salt; the host answered all the same, and that is what is shown.
    await bg.salts.current().catch(() => undefined);
    const view = await call<SettingsView>(bg, WALLET.getSettings);
    expect(view).toMatchObject({
      ledgerRpcActive: 'https://free.rpc.fastnear.com',
      ledgerRpcFallbacks: ['https://free.rpc.fastnear.com', 'https://rpc.mainnet.near.org'],
    });
    expect(asked.slice(0, 2)).toEqual(['near-rpc.defuse.org', 'near-rpc.defuse.org']);
  });
});
