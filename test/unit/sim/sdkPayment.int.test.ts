// The official 1Click SDK paying an INTENTS swap from an intents balance through the running simulator
// (docs/services.md, "Paying a swap from the intents account"): OneClickService.generateIntent returns
// the transfer to sign, OneClickService.submitIntent executes it on the simulator's verifier, and the
// swap then sees its deposit. Signed with core's NEP-413 signer, checked by the verifier's own rules.

import {
  ApiError,
  GenerateSwapTransferIntentRequest,
  IntentStandardEnum,
  OneClickService,
  OpenAPI,
  QuoteRequest,
  SubmitSwapTransferIntentRequest,
} from '@defuse-protocol/one-click-sdk-typescript';
import { ed25519 } from '@noble/curves/ed25519.js';
import { beforeEach, describe, expect, it } from 'vitest';
import { extractIntentPayload, implicitAccountId, intentHash, signIntentPayload } from '../../../src/core';
import { simulatorPerFile } from '../../support/simulatorPerFile';

const WNEAR = 'nep141:wrap.near';
const USDC_HOME = 'nep141:17208628f84f5d6ad33f0da3bbbeb27ffcb398eac501a31bd6ad2011e36133a1';

const sim = simulatorPerFile();
beforeEach(() => {
  OpenAPI.BASE = sim.url;
  OpenAPI.TOKEN = sim.devJwt;
  OpenAPI.HEADERS = undefined;
});

async function dev(path: string, body: unknown) {
  const res = await fetch(`${sim.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (res.status !== 200) throw new Error(`${path}: ${res.status} ${await res.text()}`);
}
const balance = async (accountId: string) =>
  (
    (await (await fetch(`${sim.url}/dev/balances?accountId=${accountId}`)).json()) as {
      balances: Record<string, string>;
    }
  ).balances[WNEAR];

async function intentsSwap(payer: string) {
  const q = await OneClickService.getQuote({
    dry: false,
    swapType: QuoteRequest.swapType.EXACT_INPUT,
    slippageTolerance: 100,
    originAsset: WNEAR,
    depositType: QuoteRequest.depositType.INTENTS,
    destinationAsset: USDC_HOME,
    amount: '1000000000000000000000000',
    refundTo: payer,
    refundType: QuoteRequest.refundType.INTENTS,
    recipient: payer,
    recipientType: QuoteRequest.recipientType.INTENTS,
    deadline: new Date(sim.sim.ctx.clock.nowMs() + 30 * 60_000).toISOString(),
  });
  return q.quote;
}

async function apiError(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (e) {
    if (e instanceof ApiError) return e;
    throw e;
  }
  throw new Error('expected an ApiError');
}

describe('SDK: generate-intent and submit-intent (swap_transfer)', () => {
  it('generates the transfer of amountIn to the deposit address, executes it signed, and the swap sees its deposit', async () => {
    const seed = ed25519.utils.randomSecretKey();
    const payer = implicitAccountId(ed25519.getPublicKey(seed));
    await dev('/dev/fund', { accountId: payer, tokenId: WNEAR, amount: '3000000000000000000000000' });
    const quote = await intentsSwap(payer);

    const generated = await OneClickService.generateIntent({
      type: GenerateSwapTransferIntentRequest.type.SWAP_TRANSFER,
      standard: IntentStandardEnum.NEP413,
      signerId: payer,
      depositAddress: quote.depositAddress!,
    });
    expect(generated.correlationId).toEqual(expect.any(String));
    expect(generated.intent.standard).toBe('nep413');
    const payload = generated.intent.payload as { message: string; nonce: string; recipient: string };
    expect(payload.recipient).toBe('intents.sim');
    expect(JSON.parse(payload.message)).toMatchObject({
      signer_id: payer,
      intents: [{ intent: 'transfer', receiver_id: quote.depositAddress, tokens: { [WNEAR]: quote.amountIn } }],
    });

    const signed = signIntentPayload(
      seed,
      extractIntentPayload({
        standard: 'nep413',
        payload,
        public_key: 'ed25519:11111111111111111111111111111111',
        signature: `ed25519:${'1'.repeat(64)}`,
      }),
    );
    const submitted = await OneClickService.submitIntent({
      type: SubmitSwapTransferIntentRequest.type.SWAP_TRANSFER,
      signedData: signed as never,
    });
    expect(submitted.intentHash).toBe(intentHash(signed));
    expect(await balance(payer)).toBe((3n * 10n ** 24n - BigInt(quote.amountIn)).toString());
    expect(await balance(quote.depositAddress!)).toBe(quote.amountIn);

    // Executed once: the same signature again is the verifier's "nonce was already used".
    const again = await apiError(
      OneClickService.submitIntent({
        type: SubmitSwapTransferIntentRequest.type.SWAP_TRANSFER,
        signedData: signed as never,
      }),
    );
    expect(again.status).toBe(400);
    expect((again.body as { message: string }).message).toMatch(
      /Invalid signature or intent data.*(nonce was already used|not waiting for a deposit)/,
    );
  });

  it('refuses without the 1Click key (401), for an unknown deposit address or another standard (400), and a forged signature (400)', async () => {
    const seed = ed25519.utils.randomSecretKey();
    const payer = implicitAccountId(ed25519.getPublicKey(seed));
    await dev('/dev/fund', { accountId: payer, tokenId: WNEAR, amount: '3000000000000000000000000' });
    const quote = await intentsSwap(payer);
    const body = {
      type: GenerateSwapTransferIntentRequest.type.SWAP_TRANSFER,
      standard: IntentStandardEnum.NEP413,
      signerId: payer,
      depositAddress: quote.depositAddress!,
    };

    OpenAPI.TOKEN = undefined;
    expect((await apiError(OneClickService.generateIntent(body))).status).toBe(401);
    OpenAPI.TOKEN = sim.devJwt;
    const unknown = await apiError(OneClickService.generateIntent({ ...body, depositAddress: 'f'.repeat(64) }));
    expect([unknown.status, (unknown.body as { message: string }).message]).toEqual([
      400,
      expect.stringMatching(/deposit address not found/),
    ]);
    const erc = await apiError(OneClickService.generateIntent({ ...body, standard: IntentStandardEnum.ERC191 }));
    expect((erc.body as { message: string }).message).toMatch(/nep413 only, not erc191/);

    const generated = await OneClickService.generateIntent(body);
    const payload = generated.intent.payload as { message: string; nonce: string; recipient: string };
    const other = ed25519.utils.randomSecretKey();
    const forged = signIntentPayload(
      other,
      extractIntentPayload({
        standard: 'nep413',
        payload,
        public_key: 'ed25519:11111111111111111111111111111111',
        signature: `ed25519:${'1'.repeat(64)}`,
      }),
    );
    const refused = await apiError(
      OneClickService.submitIntent({
        type: SubmitSwapTransferIntentRequest.type.SWAP_TRANSFER,
        signedData: forged as never,
      }),
    );
    expect(refused.status).toBe(400);
    expect((refused.body as { message: string }).message).toMatch(/Invalid signature or intent data/);
    expect(await balance(payer)).toBe('3000000000000000000000000');
  });
});
