/**
 * Params of the bus methods (docs/services.md, "The message bus"). Unknown keys are tolerated, as the SDK
 * sends extras.
 */
import { z } from 'zod';
import { isU128String, isValidTokenId } from '../../core';

const assetId = z.string().refine(isValidTokenId, { message: 'must be a token id (nep141:…, nep171:…:…, nep245:…:…)' });
const amount = z
  .string()
  .refine((s) => isU128String(s) && s !== '0', { message: 'must be a positive u128 decimal string' });
const ms = z.number().int().nonnegative();

export const quoteParams = z
  .looseObject({
    defuse_asset_identifier_in: assetId,
    defuse_asset_identifier_out: assetId,
    exact_amount_in: amount.optional(),
    exact_amount_out: amount.optional(),
    min_deadline_ms: z
      .number()
      .int()
      .positive()
      .max(24 * 3600_000)
      .optional(),
    wait_ms: ms.optional(),
    min_wait_ms: ms.optional(),
    max_wait_ms: ms.optional(),
  })
  .refine((p) => (p.exact_amount_in === undefined) !== (p.exact_amount_out === undefined), {
    message: 'exactly one of exact_amount_in or exact_amount_out is required',
    path: ['exact_amount_in'],
  });

const quoteHashes = z.array(z.string().min(1));

export const publishIntentParams = z.looseObject({ quote_hashes: quoteHashes, signed_data: z.unknown() });
export const publishIntentsParams = z.looseObject({
  quote_hashes: quoteHashes,
  signed_datas: z.array(z.unknown()).min(1),
});
export const getStatusParams = z.looseObject({ intent_hash: z.string().min(1) });

/** First issue as `field: message`, for -32602 answers. */
export function issueText(error: z.core.$ZodError): string {
  const issue = error.issues[0];
  if (!issue) return 'invalid params';
  const path = issue.path.join('.');
  return path ? `${path}: ${issue.message}` : issue.message;
}
