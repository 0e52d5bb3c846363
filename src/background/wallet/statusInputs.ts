/**
 * The stored records WalletService.status() is computed from, besides what the vault writes: the status
 * mirror sets its copy aside before any of them is written (./statusMirror.ts). A test holds this list
 * to what a new worker's status reads (test/unit/background/statusMirror.int.test.ts).
 */
import { DEADLINE_KEY } from './autoLock';
import { WAITING_KEY } from './credentials';
import { SELECTED_KEY } from './service';
import { SETTINGS_KEY } from './settings';

export const STATUS_INPUTS: readonly string[] = [SETTINGS_KEY, SELECTED_KEY, WAITING_KEY, DEADLINE_KEY];
