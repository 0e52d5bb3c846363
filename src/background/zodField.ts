/**
 * A zod failure as the provider's -32602 error naming the field (`data.field`). The field and the words
 * come from core's one converter (core/zodError.ts); this only wraps them for the provider.
 */
import type * as z from 'zod/mini';
import { protocolErrorFromZod } from '../core';
import { ERROR_CODES } from '../provider/protocol';
import { ProviderError } from './providerError';

export function zodProviderError(error: z.core.$ZodError): ProviderError {
  const e = protocolErrorFromZod(error);
  return new ProviderError(ERROR_CODES.invalidParams, e.field ? e.message : `params: ${e.message}`, {
    field: e.field ?? '',
  });
}
