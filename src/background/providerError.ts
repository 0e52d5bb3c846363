/** An error with an EIP-1193 / JSON-RPC code, raised by the provider's own rules (queue, permissions). */
export class ProviderError extends Error {
  override readonly name = 'ProviderError';
  constructor(
    readonly code: number,
    message: string,
    readonly data?: unknown,
  ) {
    super(message);
  }
}
