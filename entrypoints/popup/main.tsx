// First, before anything else: popupFirst reads the status snapshot (src/ui/early.ts) as this script
// starts, so the read runs while Preact and the screens below are still being evaluated and its answer is
// usually back by the first render (docs/architecture.md, "Budgets"). ES modules evaluate imports in
// order, so it must stay the first statement, and a bare import (no bindings) so that no import sorter
// moves another import above it (test/unit/ui/early.unit.test.ts).
import '../../src/ui/popupFirst';
import { mount } from '../../src/ui/mount';
import { Popup } from '../../src/ui/pages/Popup';
import { statusSnapshot } from '../../src/ui/wallet';

// The first screen is drawn once, from the status snapshot asked as this script started (read in a few
// ms; past this wait the popup draws without it and waits for wallet_status): no frame of "Loading…"
// comes before it (docs/architecture.md, "Budgets"). Not a top-level await: the lazy screens share this
// chunk's modules, and a chunk still awaiting at its top level cannot be shared.
const SNAPSHOT_WAIT_MS = 250;

void statusSnapshot(SNAPSHOT_WAIT_MS)
  .catch(() => null)
  .then((first) => mount(() => <Popup first={first} />));
