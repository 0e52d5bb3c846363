// What the intent parser's refusals are read with, in the tests of src/core/intents.ts (intents.unit and
// intentSchema.unit).
import { ProtocolError, parseIntents } from '../../../src/core';

/** The ProtocolError parseIntents throws for a batch of this one intent (fails the test when it does not). */
export function refusalOf(intent: unknown): ProtocolError {
  try {
    parseIntents([intent]);
  } catch (e) {
    if (e instanceof ProtocolError) return e;
    throw e;
  }
  throw new Error('expected a ProtocolError');
}

/** A text of `n` characters, for the text limits. */
export const x = (n: number) => 'x'.repeat(n);
