// Two ratios against other projects, measured side by side in the same run:
// - NEP-413 signing as the wallet signs a message (src/vault: the unlocked key, expanded once) against
//   near-api-js's KeyPairSigner.signNep413Message on the same payloads, calls interleaved; the
//   signatures must be identical (ed25519 is deterministic), or the comparison means nothing;
// - our page-facing scripts against a bundled @metamask/providers in-page provider, gzip level 9.
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';
import { KeyPair, KeyPairSigner } from 'near-api-js';
import { bytesEqual, formatPublicKey, formatSecretKey, generateKeyPair } from '../../../src/core';
import { Vault, addKey, emptyContents, memoryVaultStorage } from '../../../src/vault';
import { ROOT, type RowProducer, interleave, median, round, timeOnce } from '../lib';

const random = (n: number) => new Uint8Array(randomBytes(n));
const RUNS = 600;
const WARMUP = 60;

async function signingRatio() {
  const pair = generateKeyPair(random);
  const vault = new Vault({ storage: memoryVaultStorage(), random });
  await vault.create('bench password 123', addKey(emptyContents(), { pair, source: 'generated' }, new Date()));
  const publicKey = formatPublicKey(pair.publicKey);
  const signer = new KeyPairSigner(KeyPair.fromString(formatSecretKey(pair) as `ed25519:${string}`));
  const payloads = Array.from({ length: RUNS + WARMUP }, (_, i) => ({
    message: JSON.stringify({ deadline: new Date(Date.now() + 60_000).toISOString(), intents: [], signer_id: `user${i}.near` }),
    recipient: 'intents.near',
    nonce: random(32),
  }));
  for (const p of payloads) {
    const theirs = await signer.signNep413Message('user.near', p);
    if (!bytesEqual(theirs.signature, vault.signMessage(publicKey, p))) throw new Error('near-api-js and the vault disagree on a NEP-413 signature');
  }
  return interleave(
    (i) => timeOnce(() => vault.signMessage(publicKey, payloads[i]!)),
    (i) => timeOnce(() => signer.signNep413Message('user.near', payloads[i]!)),
    { runs: RUNS, warmup: WARMUP },
  );
}

async function metamaskInpageGzip(): Promise<number> {
  const out = await build({
    stdin: {
      contents: "import { initializeProvider } from '@metamask/providers';\nimport { WindowPostMessageStream } from '@metamask/post-message-stream';\ninitializeProvider({ connectionStream: new WindowPostMessageStream({ name: 'inpage', target: 'contentscript' }) });",
      resolveDir: ROOT,
    },
    bundle: true,
    minify: true,
    format: 'iife',
    platform: 'browser',
    write: false,
    logLevel: 'silent',
    define: { 'process.env.NODE_ENV': '"production"', global: 'globalThis' },
  });
  return gzipSync(out.outputFiles[0]!.contents, { level: 9 }).length;
}

function ourPageFacingGzip(): number {
  const dir = path.join(ROOT, '.output/chrome-mv3/content-scripts');
  return ['provider.js', 'relay.js'].reduce((n, f) => n + gzipSync(readFileSync(path.join(dir, f)), { level: 9 }).length, 0);
}

export const compareRows: RowProducer = async () => {
  const sign = await signingRatio();
  const theirs = await metamaskInpageGzip();
  const ours = ourPageFacingGzip();
  return [
    {
      name: 'NEP-413 signing, vault ÷ near-api-js KeyPairSigner (same payloads)',
      kind: 'ratio',
      value: round(sign.ratio),
      unit: '×',
      budget: 1,
      note: `NEP-413 signing: the vault (unlocked, @noble/curves 2.4) ${round(median(sign.ours) * 1000, 1)} µs vs near-api-js (@noble/curves 2.2) ${round(median(sign.base) * 1000, 1)} µs, medians of ${sign.ours.length} interleaved calls; signatures identical on all ${RUNS + WARMUP} payloads`,
    },
    {
      name: 'page-facing scripts gzip, ours ÷ @metamask/providers in-page provider',
      kind: 'ratio',
      value: round(ours / theirs, 3),
      unit: '×',
      budget: 0.1,
      note: `page-facing gzip (level 9): ours ${ours} B (provider + relay), @metamask/providers in-page bundle ${theirs} B`,
    },
    { name: 'NEP-413 signing, vault (unlocked key)', kind: 'info', value: round(median(sign.ours) * 1000, 1), unit: 'µs' },
  ];
};
