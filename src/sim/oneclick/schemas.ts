/**
 * Request schemas of the swap service and its dev controls. Messages follow the live service's
 * validator wording ("<field> must be …"); `$` in a message is replaced by the field's dotted path.
 */
import { z } from 'zod';
import { DEPOSIT_MODES, DEPOSIT_TYPES, RECIPIENT_TYPES, REFUND_REASONS, REFUND_TYPES, SWAP_TYPES } from './model';

const ISO_RE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})$/;

export function isIsoDateTime(text: string): boolean {
  return ISO_RE.test(text) && Number.isFinite(Date.parse(text));
}

const oneOf = (values: readonly string[]) => `$ must be one of the following values: ${values.join(', ')}`;
const str = () => z.string({ error: '$ must be a string' });
/** Optional fields may come as null (docs/services.md, "Errors as they arrive"): read as absent. */
const opt = <T extends z.ZodType>(schema: T) => schema.nullish().transform((v) => v ?? undefined);

export const appFeeSchema = z.object({
  recipient: str().min(1, '$ should not be empty'),
  fee: z
    .number({ error: '$ must be a number conforming to the specified constraints' })
    .int('$ must be an integer number')
    .min(0, '$ must not be less than 0')
    .max(500, '$ must not be greater than 500'),
});

export const quoteRequestSchema = z.object({
  dry: z.boolean({ error: '$ must be a boolean value' }),
  swapType: z.enum(SWAP_TYPES, { error: oneOf(SWAP_TYPES) }),
  slippageTolerance: z
    .number({ error: '$ must be a number conforming to the specified constraints' })
    .min(0, '$ must not be less than 0')
    .max(10_000, '$ must not be greater than 10000'),
  originAsset: str().min(1, '$ should not be empty'),
  // The newest docs omit the three type fields; the live service then uses these defaults (docs/services.md,
  // "The swap service").
  depositType: z.enum(DEPOSIT_TYPES, { error: oneOf(DEPOSIT_TYPES) }).default('ORIGIN_CHAIN'),
  destinationAsset: str().min(1, '$ should not be empty'),
  amount: str().regex(/^\d+$/, '$ must be an integer string in the smallest unit of the token'),
  refundTo: str().min(1, '$ should not be empty'),
  refundType: z.enum(REFUND_TYPES, { error: oneOf(REFUND_TYPES) }).default('ORIGIN_CHAIN'),
  recipient: str().min(1, '$ should not be empty'),
  recipientType: z.enum(RECIPIENT_TYPES, { error: oneOf(RECIPIENT_TYPES) }).default('DESTINATION_CHAIN'),
  deadline: str().refine(isIsoDateTime, '$ must be a valid ISO 8601 date string'),
  depositMode: opt(z.enum(DEPOSIT_MODES, { error: oneOf(DEPOSIT_MODES) })),
  connectedWallets: opt(
    z.array(z.string({ error: 'each value in $ must be a string' }), { error: '$ must be an array' }),
  ),
  sessionId: opt(str()),
  virtualChainRecipient: opt(str()),
  virtualChainRefundRecipient: opt(str()),
  customRecipientMsg: opt(str()),
  referral: opt(str().regex(/^[^A-Z]*$/, '$ must be lowercase')),
  quoteWaitingTimeMs: opt(
    z
      .number({ error: '$ must be a number conforming to the specified constraints' })
      .int('$ must be an integer number')
      .min(0, '$ must not be less than 0')
      .max(60_000, '$ must not be greater than 60000'),
  ),
  appFees: opt(
    z.array(appFeeSchema, { error: '$ must be an array' }).max(10, '$ must contain no more than 10 elements'),
  ),
});
export type QuoteRequestInput = z.output<typeof quoteRequestSchema>;

export const submitDepositSchema = z.object({
  txHash: str().min(1, '$ should not be empty'),
  depositAddress: str().min(1, '$ should not be empty'),
  homeSenderAccount: opt(str()),
  // The live service's name for the same field (docs/services.md, "Wire names"): accepted inbound.
  nearSenderAccount: opt(str()),
  memo: opt(str()),
});

export const statusQuerySchema = z.object({
  depositAddress: str().min(1, '$ should not be empty'),
  depositMemo: z.string().optional(),
});

const u128Text = z.string().regex(/^[1-9]\d{0,38}$/, '$ must be a positive integer string');

export const devDepositSchema = z.strictObject({
  depositAddress: z.string().min(1),
  memo: z.string().min(1).optional(),
  amount: u128Text,
  /** The deposited token; defaults to the quote's origin asset (required for ANY_INPUT). */
  assetId: z.string().min(1).optional(),
  txHash: z.string().min(1).max(200).optional(),
  sender: z.string().min(1).max(200).optional(),
});

export const seedSchema = z.strictObject({
  count: z.number().int().min(1).max(5000),
  /** Every n-th seeded swap is a test transaction (0: none). */
  testEvery: z.number().int().min(0).max(5000).default(7),
});

export const priceShiftSchema = z.strictObject({ bps: z.number().int().min(-5000).max(5000) });

export const swapOutcomeSchema = z.strictObject({
  depositAddress: z.string().min(1),
  memo: z.string().min(1).optional(),
  outcome: z.enum([...REFUND_REASONS, 'FAILED', 'NONE']),
});

/** The first issue as a sentence naming the field (`$` in a schema message stands for its path). */
export function zodMessage(error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue) return 'Invalid request';
  const segments = issue.path.map(String);
  // "each value in <array> …" names the array, not the element.
  if (issue.message.startsWith('each value in') && /^\d+$/.test(segments.at(-1) ?? '')) segments.pop();
  const path = segments.join('.');
  if (issue.message.includes('$')) return issue.message.replace('$', path);
  return path ? `${path}: ${issue.message}` : issue.message;
}
