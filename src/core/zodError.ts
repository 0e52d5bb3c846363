import type { z } from 'zod';
import { ProtocolError } from './errors';

/** The first zod issue as a ProtocolError whose `field` is the dotted path (e.g. `intents.0.amount`). */
export function protocolErrorFromZod(error: z.ZodError, prefix?: string): ProtocolError {
  const issue = error.issues[0];
  if (!issue) return new ProtocolError('invalid input', prefix);
  const path = [prefix, ...issue.path.map(String)].filter((p) => p !== undefined && p !== '').join('.');
  return new ProtocolError(issue.message, path || undefined);
}
