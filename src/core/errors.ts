/**
 * One error type for every protocol-level rejection in `core`, so callers (the provider's -32602,
 * the simulator's verifier, the UI) can show the reason and, where known, the field at fault.
 */
export class ProtocolError extends Error {
  override readonly name = 'ProtocolError';
  constructor(
    message: string,
    /** Dotted path of the offending field, e.g. `intents.0.amount`. */
    readonly field?: string,
  ) {
    super(field ? `${field}: ${message}` : message);
  }
}
