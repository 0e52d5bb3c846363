/**
 * One handler per kind of request a page can queue (../queue.ts `Pending`): what the approval window
 * shows for it, and how the user's Confirm is checked again and carried out. ../service.ts holds the
 * table from kind to handler, so a kind is handled in one file.
 */
import type { ApprovalViewWire, ResolveParams } from '../../../api/approvalApi';
import type { Pending, PendingOf } from '../pending';

export type RequestKind = Pending['kind'];

export interface KindHandler<K extends RequestKind> {
  /** What the window shows for this request, on top of `base` (its id, origin, network, lock state). */
  view(p: PendingOf<K>, base: ApprovalViewWire): Promise<ApprovalViewWire>;
  /** The user confirmed: check again, then carry it out; what it returns is the page's result. */
  carryOut(p: PendingOf<K>, answer: ResolveParams): Promise<unknown>;
}

export type KindTable = { [K in RequestKind]: KindHandler<K> };
