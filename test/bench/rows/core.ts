// src/core and src/vault timings in Node, for information (absolute times: docs/architecture.md, "Budgets").
import { randomBytes } from 'node:crypto';
import {
  buildIntentPayload,
  encodeVersionedNonce,
  formatPublicKey,
  formatSecretKey,
  generateKeyPair,
  hex,
  implicitAccountId,
} from '../../../src/core';
import { DEFAULT_ITERATIONS, memoryVaultStorage, Vault } from '../../../src/vault';
import { type RowProducer, round, timeMedian } from '../lib';

const random = (n: number) => new Uint8Array(randomBytes(n));

/** A 10-intent batch of the kinds a dApp sends: swaps, transfers and a withdrawal. */
function tenIntents(): unknown[] {
  return Array.from({ length: 10 }, (_, i) =>
    i % 3 === 0
      ? {
          intent: 'token_diff',
          diff: { 'nep141:wrap.near': `-${1000 + i}`, 'nep141:usdt.tether-token.near': `${2000 + i}` },
        }
      : i % 3 === 1
        ? { intent: 'transfer', receiver_id: `bob${i}.near`, tokens: { 'nep141:wrap.near': `${i + 1}` } }
        : { intent: 'ft_withdraw', token: 'usdt.tether-token.near', receiver_id: 'bob.near', amount: `${i + 1}` },
  );
}

export const coreRows: RowProducer = async () => {
  const pair = generateKeyPair(random);
  const signerId = implicitAccountId(pair.publicKey);
  const storage = memoryVaultStorage();
  const vault = new Vault({ storage, random });
  await vault.create('bench password 123', { kind: 'importKey', secretKey: formatSecretKey(pair) });
  const publicKey = formatPublicKey(pair.publicKey);
  const salt = hex.decode('252812b3');
  // What the wallet does for each intent request once approved: build, sign with the unlocked key, check.
  const sign = () => {
    const deadline = new Date(Date.now() + 60_000);
    const payload = buildIntentPayload({
      signerId,
      verifyingContract: 'intents.near',
      deadline,
      nonce: encodeVersionedNonce({ salt, deadline, random15: random(15) }),
      intents: tenIntents(),
    });
    return vault.signIntent(publicKey, payload, 'nep413');
  };
  const signMs = await timeMedian(sign, { runs: 200, warmup: 20 });
  const unlockMs = await timeMedian(() => new Vault({ storage, random }).unlock('bench password 123'), {
    runs: 7,
    warmup: 1,
  });

  return [
    {
      name: 'sign a 10-intent payload (unlocked vault: build, sign, own check)',
      kind: 'info',
      value: round(signMs, 3),
      unit: 'ms',
    },
    {
      name: `vault unlock, PBKDF2-SHA256 ${DEFAULT_ITERATIONS.toLocaleString('en')} iterations (Node WebCrypto)`,
      kind: 'info',
      value: round(unlockMs, 1),
      unit: 'ms',
    },
  ];
};
