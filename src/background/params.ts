/**
 * Everything only the extension's own pages may call (the router checks `sender.url`): the params of each
 * area's methods, beside its handlers (./wallet/params.ts, ./approvals/params.ts, ./swaps/params.ts, ./contacts/params.ts).
 */
import type * as z from 'zod/mini';
import { approvalParams } from './approvals/params';
import { contactsParams } from './contacts/params';
import { swapParams } from './swaps/params';
import { walletParams } from './wallet/params';
import { toolbarParams } from './wallet/toolbar';

export const internalParams = {
  ...walletParams,
  ...approvalParams,
  ...swapParams,
  ...contactsParams,
  ...toolbarParams,
} as const;
export type InternalMethod = keyof typeof internalParams;

/** Whether `method` is one of the extension pages' methods (never a page's). */
export function isInternalMethod(method: string): method is InternalMethod {
  return Object.hasOwn(internalParams, method);
}
export type InternalParams = { [K in InternalMethod]: z.output<(typeof internalParams)[K]> };
