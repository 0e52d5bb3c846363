/**
 * `POST /v0/generate-intent` and `POST /v0/submit-intent` with `type: "swap_transfer"` (docs/services.md,
 * "Paying a swap from the intents account"; one-click-sdk-typescript src/services/OneClickService.ts):
 * the service writes the transfer that pays an INTENTS swap from the signer's intents balance, the
 * wallet signs it, and the service executes it on the verifier. Only the 1Click key is needed.
 * The simulator supports the `nep413` standard only; the other standards of the SDK's
 * IntentStandardEnum are known and refused by name.
 */

import { Hono } from 'hono';
import { z } from 'zod';
import {
  encodeVersionedNonce,
  extractIntentPayload,
  formatDeadline,
  hex,
  type IntentPayload,
  intentHash,
  isValidAccountId,
  type MultiPayload,
  multiPayloadSchema,
} from '../../core';
import { errorText } from '../../core/errorText';
import type { SimContext } from '../context';
import { correlationId, restError } from '../http';
import { VerifierError } from '../ledger/errors';
import { jsonBody, partnerOf, UNAUTHORIZED_MESSAGE } from './routes';
import { zodMessage } from './schemas';
import type { SwapStore } from './swapStore';

/** What the swap service needs of the verifier to write and execute a payment. */
export interface IntentLedgerPort {
  readonly verifierId: string;
  currentSalt(): string;
  executeSigned(signed: unknown[]): { txHash: string | null };
}

/** one-click-sdk-typescript src/models/IntentStandardEnum.ts. */
const STANDARDS = ['nep413', 'erc191', 'raw_ed25519', 'webauthn', 'ton_connect', 'sep53', 'tip191'] as const;
/** How long a generated payment may wait for its signature. */
const PAYMENT_VALIDITY_MS = 10 * 60_000;

const generateSchema = z.strictObject({
  type: z.literal('swap_transfer'),
  standard: z.enum(STANDARDS),
  signerId: z.string().refine(isValidAccountId, 'signerId must be a valid account id'),
  depositAddress: z.string().min(1),
});
const submitSchema = z.strictObject({
  type: z.literal('swap_transfer'),
  signedData: z.record(z.string(), z.unknown()),
});

const BAD_GENERATE = 'Bad Request - Invalid input or quote state';
const BAD_SUBMIT = 'Bad Request - Invalid signature or intent data';

export function intentRoutes(ctx: SimContext, swaps: SwapStore, ledger: IntentLedgerPort): Hono {
  const app = new Hono();
  /** An INTENTS swap still waiting for its deposit, else why not. */
  const payable = (depositAddress: string) => {
    const swap = swaps.find(depositAddress, undefined);
    if (!swap) return `${BAD_GENERATE}: deposit address not found`;
    if (swap.quoteResponse.quoteRequest.depositType !== 'INTENTS')
      return `${BAD_GENERATE}: this swap takes its deposit on the origin chain`;
    if (swap.status !== 'PENDING_DEPOSIT')
      return `${BAD_GENERATE}: this swap is ${swap.status}, not waiting for a deposit`;
    return swap;
  };

  app.post('/v0/generate-intent', async (c) => {
    if (!partnerOf(ctx, c)) return restError(c, 401, UNAUTHORIZED_MESSAGE);
    const body = await jsonBody(c);
    if (body instanceof Response) return body;
    const parsed = generateSchema.safeParse(body);
    if (!parsed.success) return restError(c, 400, zodMessage(parsed.error));
    const { standard, signerId, depositAddress } = parsed.data;
    if (standard !== 'nep413')
      return restError(c, 400, `${BAD_GENERATE}: the simulator signs with nep413 only, not ${standard}`);
    const swap = payable(depositAddress);
    if (typeof swap === 'string') return restError(c, 400, swap);
    const { quote, quoteRequest } = swap.quoteResponse;
    const deadline = new Date(ctx.clock.nowMs() + PAYMENT_VALIDITY_MS);
    const transfer = {
      intent: 'transfer',
      receiver_id: depositAddress,
      tokens: { [quoteRequest.originAsset]: quote.amountIn },
      ...(quote.depositMemo ? { memo: quote.depositMemo } : {}),
    };
    const message = JSON.stringify({ deadline: formatDeadline(deadline), intents: [transfer], signer_id: signerId });
    const nonce = encodeVersionedNonce({ salt: hex.decode(ledger.currentSalt()), deadline, random15: ctx.random(15) });
    return c.json({
      intent: { standard, payload: { message, nonce, recipient: ledger.verifierId } },
      correlationId: correlationId(),
    });
  });

  app.post('/v0/submit-intent', async (c) => {
    if (!partnerOf(ctx, c)) return restError(c, 401, UNAUTHORIZED_MESSAGE);
    const body = await jsonBody(c);
    if (body instanceof Response) return body;
    const parsed = submitSchema.safeParse(body);
    if (!parsed.success) return restError(c, 400, zodMessage(parsed.error));
    const signed = multiPayloadSchema.safeParse(parsed.data.signedData);
    if (!signed.success)
      return restError(c, 400, `${BAD_SUBMIT}: signedData is not a signed nep413, raw_ed25519 or webauthn payload`);
    const problem = paymentProblem(signed.data, payable);
    if (problem) return restError(c, 400, problem);
    try {
      ledger.executeSigned([signed.data]);
    } catch (e) {
      if (e instanceof VerifierError) return restError(c, 400, `${BAD_SUBMIT}: ${e.message}`);
      throw e;
    }
    ctx.commit();
    return c.json({ intentHash: intentHash(signed.data), correlationId: correlationId() });
  });
  return app;
}

/** submit-intent executes swap payments only: transfers to INTENTS swaps waiting for a deposit. */
function paymentProblem(signed: MultiPayload, payable: (address: string) => unknown): string | null {
  let intents: IntentPayload['intents'];
  try {
    intents = extractIntentPayload(signed).intents;
  } catch (e) {
    return `${BAD_SUBMIT}: ${errorText(e)}`;
  }
  const transfers = intents.filter((i) => i.intent === 'transfer');
  if (transfers.length !== intents.length || transfers.length === 0)
    return `${BAD_SUBMIT}: a swap_transfer holds transfer intents only`;
  for (const t of transfers) {
    const swap = payable(t.receiver_id);
    if (typeof swap === 'string') return swap.replace(BAD_GENERATE, BAD_SUBMIT);
  }
  return null;
}
