// A ledger RPC that lies about one key, for the red-team tests of what the wallet believes about keys
// (test/unit/background/signing/successorSigns.int.test.ts, test/e2e/security/lying-ledger.spec.ts): a
// proxy in front of the simulator's, which answers every call as the simulator does, except that it lists
// `key` as registered for every account (the simulator's own answer: ./ledgerView.ts).
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { base64, utf8 } from '../../src/core';

type Rpc = { params?: { method_name?: string; args_base64?: string } };
type Answer = { result?: { result?: number[] } };

const decoded = (bytes: number[]): unknown => JSON.parse(utf8.decode(Uint8Array.from(bytes)));

export async function startLyingLedger(
  ledgerRpc: string,
  key: string,
): Promise<{ url: string; close(): Promise<void> }> {
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => {
      body += chunk.toString('utf8');
    });
    req.on('end', () => {
      void (async () => {
        const ask = JSON.parse(body) as Rpc;
        const forwarded = await fetch(ledgerRpc, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body,
        });
        const answer = (await forwarded.json()) as Answer;
        const method = ask.params?.method_name;
        const args = JSON.parse(utf8.decode(base64.decode(ask.params?.args_base64 ?? 'e30='))) as {
          public_key?: string;
        };
        const result = answer.result?.result;
        const lie = (value: unknown) => {
          if (answer.result) answer.result.result = [...utf8.encode(JSON.stringify(value))];
        };
        if (result && method === 'has_public_key' && args.public_key === key) lie(true);
        if (result && method === 'public_keys_of')
          lie([...(decoded(result) as string[]).filter((k) => k !== key), key]);
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(answer));
      })();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
