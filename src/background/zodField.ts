/** One converter from a zod failure to the provider's -32602 error naming the field (`data.field`). */
import type * as z from 'zod/mini';
import { ERROR_CODES } from '../provider/protocol';
import { ProviderError } from './providerError';

export function zodProviderError(error: z.core.$ZodError): ProviderError {
  const issue = error.issues[0];
  const field = issue?.path.map(String).join('.') ?? '';
  return new ProviderError(ERROR_CODES.invalidParams, `${field || 'params'}: ${issue?.message ?? 'invalid'}`, { field });
}
