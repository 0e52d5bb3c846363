import '../../src/ui/approve/first';
import { ApprovalApp } from '../../src/ui/approve/ApprovalApp';
import { firstView } from '../../src/ui/approve/client';
import { mount } from '../../src/ui/mount';

// The window is drawn once, with the request asked as this script started, when it comes within this
// long (a connect or a message answers in a few ms; an intents preview asks the network and may not):
// no frame of "Loading…" comes before it (docs/architecture.md, "Budgets").
const FIRST_WAIT_MS = 250;

void firstView(FIRST_WAIT_MS).then((first) => mount(() => <ApprovalApp first={first} />));
