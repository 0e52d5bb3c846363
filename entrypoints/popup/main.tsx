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
