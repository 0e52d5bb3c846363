import * as z from 'zod/mini';
import en from 'zod/v4/locales/en.js';
import { ProtocolError } from './errors';

// zod/mini ships no messages of its own; the English ones name the key or type that was wrong.
z.config(en());

/** The first zod issue as a ProtocolError whose `field` is the dotted path (e.g. `intents.0.amount`). */
export function protocolErrorFromZod(error: z.core.$ZodError, prefix?: string): ProtocolError {
  const issue = error.issues[0];
  if (!issue) return new ProtocolError('invalid input', prefix);
  const path = [prefix, ...issue.path.map(String)].filter((p) => p !== undefined && p !== '').join('.');
  return new ProtocolError(issue.message, path || undefined);
}
