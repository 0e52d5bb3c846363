// Red team: steering "Find simulator" (docs/security.md, "Finding the simulator"). An attacker runs a fake
// simulator on 127.0.0.1 (its /dev/info a byte-for-byte copy of the real one's) and a page, connected to
// the wallet, asks the wallet to find it or to move the Local preset to its port, through the public
// provider API. Only the extension's own pages may ask either: the page is told the methods do not exist,
// the fake simulator hears nothing, and the settings stay where they were.
import { WALLET } from '../../../src/api/walletApi';
import { SIMULATOR_INFO_PATH } from '../../../src/core/simulatorInfo';
import { ERROR_CODES } from '../../../src/provider/protocol';
import { connectDapp, errorOf, request, withDapp } from '../provider-helpers';
import { expect, test, walletCall } from '../sim';
import { startRecorder } from './helpers';

test('a page cannot make the wallet find a simulator, nor move the Local preset to a port', async ({ sim }) => {
  const info = await (await fetch(`${sim.url}${SIMULATOR_INFO_PATH}`)).text();
  const fake = await startRecorder((_req, res, cors) => {
    res.writeHead(200, { ...cors, 'content-type': 'application/json' }).end(info);
  });
  try {
    await withDapp(sim, async ({ w, dapp }) => {
      const before = await walletCall<{ endpoints: unknown }>(w.popup, WALLET.getSettings);
      for (const page of ['unconnected', 'connected']) {
        if (page === 'connected') await connectDapp(w.context, dapp);
        for (const [method, params] of [
          ['wallet_findSimulator', { port: fake.port }],
          ['wallet_findSimulator', {}],
          ['wallet_setSettings', { preset: 'local', localPort: fake.port }],
        ] as const) {
          expect(errorOf(await request(dapp, method, params)).code, `${page} page: ${method}`).toBe(
            ERROR_CODES.unsupportedMethod,
          );
        }
      }
      expect(fake.requests()).toEqual([]);
      expect((await walletCall<{ endpoints: unknown }>(w.popup, WALLET.getSettings)).endpoints).toEqual(
        before.endpoints,
      );
    });
  } finally {
    await fake.close();
  }
});
