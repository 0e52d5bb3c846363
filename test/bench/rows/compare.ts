// Against other projects, in the same run:
// - our page-facing scripts against a bundled @metamask/providers in-page provider, gzip level 9 (a gate);
// - NEP-413 signing as the wallet signs a message (src/vault: noble's ed25519.sign, then its own strict
//   check) beside near-api-js's KeyPairSigner.signNep413Message on the same payloads, calls interleaved,
//   for information only: signing time is not a budget (docs/decisions.md, "Signing with the audited
//   primitive"). The signatures must be identical (ed25519 is deterministic).
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';
import { KeyPair, KeyPairSigner } from 'near-api-js';
import { base64, bytesEqual, formatPublicKey, formatSecretKey, generateKeyPair } from '../../../src/core';
import { memoryVaultStorage, Vault } from '../../../src/vault';
import { interleave, median, ROOT, type RowProducer, round, timeOnce } from '../lib';

const random = (n: number) => new Uint8Array(randomBytes(n));
const RUNS = 600;
const WARMUP = 60;

async function signingTimes() {
  const pair = generateKeyPair(random);
  const vault = new Vault({ storage: memoryVaultStorage(), random });
  await vault.create('bench password 123', { kind: 'importKey', secretKey: formatSecretKey(pair) });
  const publicKey = formatPublicKey(pair.publicKey);
  const signer = new KeyPairSigner(KeyPair.fromString(formatSecretKey(pair) as `ed25519:${string}`));
  const payloads = Array.from({ length: RUNS + WARMUP }, (_, i) => ({
    message: JSON.stringify({
      deadline: new Date(Date.now() + 60_000).toISOString(),
      intents: [],
      signer_id: `user${i}.near`,
    }),
    recipient: 'intents.near',
    nonce: random(32),
  }));
  for (const p of payloads) {
    const theirs = await signer.signNep413Message('user.near', p);
    if (!bytesEqual(theirs.signature, base64.decode(vault.signMessage(publicKey, p))))
      throw new Error('near-api-js and the vault disagree on a NEP-413 signature');
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
      contents:
        "import { initializeProvider } from '@metamask/providers';\nimport { WindowPostMessageStream } from '@metamask/post-message-stream';\ninitializeProvider({ connectionStream: new WindowPostMessageStream({ name: 'inpage', target: 'contentscript' }) });",
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
  return ['provider.js', 'relay.js'].reduce(
    (n, f) => n + gzipSync(readFileSync(path.join(dir, f)), { level: 9 }).length,
    0,
  );
}

export const compareRows: RowProducer = async () => {
  const sign = await signingTimes();
  const theirs = await metamaskInpageGzip();
  const ours = ourPageFacingGzip();
  return [
    {
      name: 'page-facing scripts gzip, ours ÷ @metamask/providers in-page provider',
      kind: 'ratio',
      value: round(ours / theirs, 3),
      unit: '×',
      budget: 0.1,
      note: `page-facing gzip (level 9): ours ${ours} B (provider + relay), @metamask/providers in-page bundle ${theirs} B`,
    },
    {
      name: 'NEP-413 signing, vault (unlocked: noble ed25519.sign and its own check)',
      kind: 'info',
      value: round(median(sign.ours) * 1000, 1),
      unit: 'µs',
      note: `NEP-413 signing: the vault (@noble/curves 2.4, signature verified before release) ${round(median(sign.ours) * 1000, 1)} µs, near-api-js KeyPairSigner (@noble/curves 2.2, no check) ${round(median(sign.base) * 1000, 1)} µs, medians of ${sign.ours.length} interleaved calls; signatures identical on all ${RUNS + WARMUP} payloads`,
    },
    {
      name: 'NEP-413 signing, near-api-js signNep413Message (same payloads)',
      kind: 'info',
      value: round(median(sign.base) * 1000, 1),
      unit: 'µs',
    },
  ];
};
