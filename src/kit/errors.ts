/** The wallet's refusals as one error class (docs/dapps.md, "Errors"). */
import { ERROR_CODES, type ErrorCode } from './protocol.js';

/** `data` of a 4900 from a service the wallet could not use: which one, and the setting to change. */
export interface ServiceFailure {
  service: 'swap' | 'transactions' | 'bus' | 'ledger';
  httpStatus: number | null;
  setting: string;
}

export class IntentsKitError extends Error {
  override readonly name = 'IntentsKitError';
  constructor(
    readonly code: ErrorCode | number,
    message: string,
    readonly data?: unknown,
  ) {
    super(message);
  }

  /** The user said no (closed the window or clicked Reject). */
  get rejected(): boolean {
    return this.code === ERROR_CODES.userRejected;
  }
  /** The deadline (a quote's lifetime) passed: ask for a new quote and request again. */
  get expired(): boolean {
    return this.code === ERROR_CODES.expired;
  }
  /** The service that failed and the setting to change, when a service failed. */
  get serviceFailure(): ServiceFailure | null {
    const d = this.data as Partial<ServiceFailure> | undefined;
    return this.code === ERROR_CODES.disconnected && typeof d?.service === 'string' ? (d as ServiceFailure) : null;
  }

  /** Whatever the provider rejected with, as an IntentsKitError. */
  static from(error: unknown): IntentsKitError {
    if (error instanceof IntentsKitError) return error;
    const e = error as { code?: unknown; message?: unknown; data?: unknown } | null;
    if (e && typeof e === 'object' && Number.isInteger(e.code) && typeof e.message === 'string')
      return new IntentsKitError(e.code as number, e.message, e.data);
    return new IntentsKitError(ERROR_CODES.internal, error instanceof Error ? error.message : String(error));
  }
}
