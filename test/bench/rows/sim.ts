// Simulator throughput on this machine, for information: swap-service quotes per second and message-bus
// publish_intent per second with full signature checks, over real HTTP on 127.0.0.1. Median of 3 rounds.
import { randomBytes } from 'node:crypto';
import {
  buildIntentPayload,
  encodeVersionedNonce,
  generateKeyPair,
  hex,
  implicitAccountId,
  signIntentPayload,
} from '../../../src/core';
import { startSimulator } from '../../../src/sim/server';
import { ledgerSalt } from '../../support/ledgerView';
import { median, type RowProducer } from '../lib';

const random = (n: number) => new Uint8Array(randomBytes(n));
const CONCURRENCY = 8;
const ROUNDS = 3;

async function throughput(count: number, one: (i: number) => Promise<void>): Promise<number> {
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < count) await one(next++);
    }),
  );
  return count / ((performance.now() - started) / 1000);
}

async function post(url: string, body: unknown, headers: Record<string, string> = {}): Promise<unknown> {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  const json: unknown = await res.json();
  if (!res.ok) throw new Error(`${url}: HTTP ${res.status} ${JSON.stringify(json)}`);
  return json;
}

export const simRows: RowProducer = async () => {
  const sim = await startSimulator({ port: 0 });
  try {
    const recipient = implicitAccountId(generateKeyPair(random).publicKey);
    const quoteBody = {
      dry: true,
      swapType: 'EXACT_INPUT',
      slippageTolerance: 100,
      originAsset: 'nep141:wrap.near',
      depositType: 'INTENTS',
      destinationAsset: 'nep141:usdt.tether-token.near',
      amount: '1000000000000000000000000',
      refundTo: recipient,
      refundType: 'INTENTS',
      recipient,
      recipientType: 'INTENTS',
      deadline: new Date(Date.now() + 3600_000).toISOString(),
    };
    const auth = { authorization: `Bearer ${sim.devJwt}` };
    const quoteRates: number[] = [];
    for (let r = 0; r < ROUNDS; r++)
      quoteRates.push(await throughput(300, async () => void (await post(`${sim.url}/v0/quote`, quoteBody, auth))));

    const salt = hex.decode(await ledgerSalt(sim));
    const publishRates: number[] = [];
    for (let r = 0; r < ROUNDS; r++) {
      const pair = generateKeyPair(random);
      const signerId = implicitAccountId(pair.publicKey);
      const signed = Array.from({ length: 300 }, () => {
        const deadline = new Date(Date.now() + 600_000);
        const payload = buildIntentPayload({
          signerId,
          verifyingContract: sim.verifierId,
          deadline,
          nonce: encodeVersionedNonce({ salt, deadline, random15: random(15) }),
          intents: [],
        });
        return signIntentPayload(pair.secretSeed, payload, 'nep413');
      });
      publishRates.push(
        await throughput(signed.length, async (i) => {
          const answer = (await post(
            sim.urls.bus,
            { jsonrpc: '2.0', id: i, method: 'publish_intent', params: [{ quote_hashes: [], signed_data: signed[i] }] },
            { 'x-api-key': sim.busApiKey },
          )) as {
            result?: { status: string; reason?: string };
          };
          if (answer.result?.status !== 'OK') throw new Error(`publish failed: ${JSON.stringify(answer)}`);
        }),
      );
    }
    return [
      {
        name: 'simulator: dry quotes per second (POST /v0/quote, 8 in flight)',
        kind: 'info',
        value: Math.round(median(quoteRates)),
        unit: '/s',
      },
      {
        name: 'simulator: publish_intent per second (signature checked)',
        kind: 'info',
        value: Math.round(median(publishRates)),
        unit: '/s',
      },
    ];
  } finally {
    await sim.close();
  }
};
