// "Find simulator": the Local preset follows the simulator the developer started, found on 127.0.0.1 only,
// believed only after its info is checked (src/background/wallet/simulatorDiscovery.ts). Real simulators,
// real servers that are not the simulator, the background as the extension starts it.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { type SettingsView, WALLET } from '../../../src/api/walletApi';
import { startBackground } from '../../../src/background/start';
import { withNetworkRules } from '../../../src/background/wallet/network';
import { localEndpoints, localPortOf, PRESETS } from '../../../src/background/wallet/presets';
import {
  applySettingsChange,
  defaultSettings,
  settingsChangeSchema,
} from '../../../src/background/wallet/settingsModel';
import { SIMULATOR_PORTS, SimulatorFinder } from '../../../src/background/wallet/simulatorDiscovery';
import type { FetchLike } from '../../../src/core';
import { SIMULATOR_ID, SIMULATOR_INFO_PATH } from '../../../src/core/simulatorInfo';
import { type RunningSimulator, startSimulator } from '../../../src/sim/server';
import { backgroundEnv, call, PASSWORD } from './harness';

let sim: RunningSimulator;
/** A simulator on another network: its verifier is Mainnet's. */
let mainnetSim: RunningSimulator;
const servers: Server[] = [];
const portOf = (url: string) => Number(new URL(url).port);

/** An HTTP server on 127.0.0.1 that answers every request with `answer`; its port. */
async function impostor(answer: (res: import('node:http').ServerResponse) => void): Promise<number> {
  const server = createServer((_req, res) => answer(res));
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as AddressInfo).port;
}
/** A port nobody listens on (a server opened and closed). */
async function deadPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

const asked: string[] = [];
const recording: FetchLike = (url, init) => {
  asked.push(url);
  return fetch(url, init);
};

beforeAll(async () => {
  sim = await startSimulator({ port: 0, clock: 'manual' });
  mainnetSim = await startSimulator({ port: 0, clock: 'manual', verifierId: 'intents.near' });
});
afterAll(async () => {
  await sim.close();
  await mainnetSim.close();
  for (const s of servers) {
    s.closeAllConnections();
    await new Promise((resolve) => s.close(resolve));
  }
});
beforeEach(() => {
  fakeBrowser.reset();
  asked.length = 0;
});

describe('the simulator introduces itself', () => {
  it('GET /dev/info names the simulator, its verifier, quote key, paths and development credentials', async () => {
    const info = await (await fetch(`${sim.url}${SIMULATOR_INFO_PATH}`)).json();
    expect(info).toEqual({
      simulator: SIMULATOR_ID,
      verifierId: 'intents.sim',
      quoteSigningKey: sim.quotePublicKey,
      busApiKey: sim.busApiKey,
      devJwt: sim.devJwt,
      paths: { swap: '', transactions: '/api/v0', bus: '/rpc', ledgerRpc: '/ledger-rpc' },
    });
    // The preset's layout is the simulator's own (the bridge's address is derived from the swap service's).
    expect(localEndpoints(portOf(sim.url))).toEqual(endpointsOf(sim.urls));
  });
});

/** The settings' endpoints among the simulator's URLs: the bridge is not a setting (docs/services.md). */
function endpointsOf({ bridge: _bridge, ...endpoints }: typeof sim.urls) {
  return endpoints;
}

describe('Find simulator (the background, as the popup calls it)', () => {
  async function background() {
    const bg = startBackground({ ...backgroundEnv({ now: Date.now() }), fetch: recording });
    await call(bg, WALLET.create, { password: PASSWORD, source: { kind: 'generate' } });
    return bg;
  }

  it('a simulator on a port of its own: the Local preset there, with its bus key and JWT; then the bus answers with them', async () => {
    const bg = await background();
    const port = portOf(sim.url);
    const found = await call<{ port: number; settings: SettingsView }>(bg, WALLET.findSimulator, { port });
    expect(found.port).toBe(port);
    expect(found.settings).toMatchObject({
      preset: 'local',
      network: { id: 'local', verifierId: 'intents.sim' },
      endpoints: endpointsOf(sim.urls),
      hasBusApiKey: true,
      hasJwt: true,
      quoteSigningKey: PRESETS.local.quoteSigningKey,
    });
    // The bus key works: a status asked through the popup reaches this simulator's bus with it.
    asked.length = 0;
    await expect(
      call(bg, WALLET.intentStatus, { intentHash: '11111111111111111111111111111111' }),
    ).resolves.toBeDefined();
    expect(asked).toContain(sim.urls.bus);

    // Local is the simulator on this computer: the preset's own port again drops the credentials bound to this one.
    const back = await call<SettingsView>(bg, WALLET.setSettings, { preset: 'local' });
    expect(back.endpoints).toEqual(PRESETS.local.endpoints);
    expect(back).toMatchObject({ preset: 'local', hasBusApiKey: false, hasJwt: false });
  });

  it('asks 127.0.0.1 only, at the port asked, whatever the port', async () => {
    const bg = await background();
    await call(bg, WALLET.findSimulator, { port: portOf(sim.url) });
    const dead = await deadPort();
    await expect(call(bg, WALLET.findSimulator, { port: dead })).rejects.toThrow(
      `No simulator answered on 127.0.0.1 (port ${dead})`,
    );
    expect(asked.filter((u) => u.endsWith(SIMULATOR_INFO_PATH))).toEqual([
      `${sim.url}${SIMULATOR_INFO_PATH}`,
      `http://127.0.0.1:${dead}${SIMULATOR_INFO_PATH}`,
    ]);
    expect(asked.every((u) => u.startsWith('http://127.0.0.1:'))).toBe(true);
  });

  it('refuses a port that is not a port (-32602), and settings leave the simulator port to the Local preset', async () => {
    const bg = await background();
    for (const port of [0, 65536, 1.5, '3999', -1]) {
      await expect(call(bg, WALLET.findSimulator, { port })).rejects.toMatchObject({ code: -32602 });
    }
    await expect(call(bg, WALLET.findSimulator, { host: 'example.com' })).rejects.toMatchObject({ code: -32602 });
    // A port without the Local preset is no setting: custom endpoints are set as endpoints.
    await expect(call(bg, WALLET.setSettings, { localPort: portOf(sim.url) })).rejects.toMatchObject({
      code: -32602,
    });
    expect(asked).toEqual([]);
  });
});

describe('what answers is checked before anything is used', () => {
  const finder = (ports?: number[]) => new SimulatorFinder({ fetch: recording, ...(ports ? { ports } : {}) });
  const json = (body: unknown) => (res: import('node:http').ServerResponse) =>
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  const realInfo = async () =>
    (await fetch(`${sim.url}${SIMULATOR_INFO_PATH}`)).json() as Promise<Record<string, unknown>>;

  it('a scan takes the first port that is the simulator, past servers that are something else', async () => {
    const other = await impostor(json({ hello: 'a dev server' }));
    const dead = await deadPort();
    const found = await finder([dead, other, portOf(sim.url)]).find();
    expect(found).toEqual({
      port: portOf(sim.url),
      change: { preset: 'local', localPort: portOf(sim.url), busApiKey: sim.busApiKey, jwt: sim.devJwt },
    });
  });

  it('a scan that finds nothing says where it looked and what to do', async () => {
    const other = await impostor(json({ hello: 'a dev server' }));
    const dead = await deadPort();
    await expect(finder([other, dead]).find()).rejects.toThrow(
      `No simulator answered on 127.0.0.1 (ports ${other}–${dead}). Start one with npm run sim, or enter the port it printed.`,
    );
  });

  it('the usual ports are 3999 to 4009', () => {
    expect(SIMULATOR_PORTS).toEqual([3999, 4000, 4001, 4002, 4003, 4004, 4005, 4006, 4007, 4008, 4009]);
  });

  it('a simulator on another network (verifier intents.near) is refused and named, even in a scan', async () => {
    const port = portOf(mainnetSim.url);
    await expect(finder([port]).find()).rejects.toThrow(
      `The simulator on 127.0.0.1:${port} runs the verifier intents.near, not intents.sim`,
    );
  });

  it('refuses a server that copies the info with another quote key, another verifier, other paths or a bad credential', async () => {
    const info = await realInfo();
    const cases: [Record<string, unknown>, string][] = [
      [
        { ...info, quoteSigningKey: 'ed25519:reYaWhvwu8Jzo3WUM3zhn6VrhuMEF4eADL17qtRVifc' },
        'signs quotes with another key',
      ],
      [{ ...info, verifierId: 'intents.sim2' }, 'runs the verifier intents.sim2'],
      [{ ...info, paths: { ...(info.paths as object), bus: '/evil' } }, 'not the Intents Companion simulator'],
      [{ ...info, busApiKey: 'has spaces in it' }, 'not the Intents Companion simulator'],
      [{ ...info, simulator: 'something-else' }, 'not the Intents Companion simulator'],
      [{ ...info, devJwt: undefined }, 'not the Intents Companion simulator'],
    ];
    for (const [body, says] of cases) {
      const port = await impostor(json(body));
      await expect(finder().find(port), says).rejects.toThrow(says);
    }
  });

  it('follows no redirect (not even to the real simulator), and refuses what is not JSON or too long', async () => {
    const redirect = await impostor((res) =>
      res.writeHead(302, { location: `${sim.url}${SIMULATOR_INFO_PATH}` }).end(),
    );
    await expect(finder().find(redirect)).rejects.toThrow(
      `127.0.0.1:${redirect} answered, but it is not the simulator (HTTP 302)`,
    );
    const html = await impostor((res) => res.writeHead(200, { 'content-type': 'text/html' }).end('<html>hi</html>'));
    await expect(finder().find(html)).rejects.toThrow('not the Intents Companion simulator');
    const long = await impostor(json({ ...(await realInfo()), padding: 'x'.repeat(10_000) }));
    await expect(finder().find(long)).rejects.toThrow('not the Intents Companion simulator');
    expect(asked.every((u) => u.startsWith('http://127.0.0.1:') && u.endsWith(SIMULATOR_INFO_PATH))).toBe(true);
    expect(asked).not.toContain(`${sim.url}${SIMULATOR_INFO_PATH}`);
  });
});

describe('the Local preset at a port, as settings keep it', () => {
  it('localPortOf reads the layout back, and only the exact layout on 127.0.0.1', () => {
    expect(localPortOf(localEndpoints(4555))).toBe(4555);
    expect(localPortOf(PRESETS.local.endpoints)).toBe(3999);
    expect(localPortOf({ ...localEndpoints(4555), bus: 'http://127.0.0.1:4556/rpc' })).toBeNull();
    expect(localPortOf({ ...localEndpoints(4555), swap: 'http://localhost:4555' })).toBeNull();
    expect(localPortOf({ ...localEndpoints(4555), swap: 'http://127.0.0.1:04555' })).toBeNull();
    expect(localPortOf(PRESETS.mainnet.endpoints)).toBeNull();
  });

  it('a change to the Local preset at a port moves every endpoint there and keeps the simulator verifier', () => {
    const change = settingsChangeSchema.parse({ preset: 'local', localPort: 4555 });
    const next = applySettingsChange(defaultSettings('mainnet'), change);
    expect(next).toMatchObject({ preset: 'local', endpoints: localEndpoints(4555), verifierId: 'intents.sim' });
    expect(settingsChangeSchema.safeParse({ localPort: 4555 }).success).toBe(false);
    expect(settingsChangeSchema.safeParse({ preset: 'mainnet', localPort: 4555 }).success).toBe(false);
  });

  it('stored settings that call other endpoints Local read as custom (storage is checked, not believed)', () => {
    const local = defaultSettings('local');
    expect(withNetworkRules({ ...local, endpoints: localEndpoints(4555) }).preset).toBe('local');
    for (const endpoints of [
      { ...local.endpoints, swap: 'https://evil.example' },
      { ...local.endpoints, bus: 'http://127.0.0.1:4000/rpc' },
      { ...localEndpoints(4555), ledgerRpc: 'http://10.0.0.1:4555/ledger-rpc' },
    ])
      expect(withNetworkRules({ ...local, endpoints }).preset).toBe('custom');
  });
});
