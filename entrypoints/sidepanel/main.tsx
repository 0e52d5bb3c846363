// The side panel (Chromium's side_panel, Firefox's sidebar_action; WXT writes both from this entry): the
// popup's app at the panel's full height (`data-view="panel"` on <html>, src/ui/styles.css). A swap being
// followed is followed here as in the popup, and stays on screen while the person uses the page beside it.
import '../../src/ui/popupFirst';
import { mount } from '../../src/ui/mount';
import { Popup } from '../../src/ui/pages/Popup';
import { statusSnapshot } from '../../src/ui/wallet';

const SNAPSHOT_WAIT_MS = 250;

void statusSnapshot(SNAPSHOT_WAIT_MS)
  .catch(() => null)
  .then((first) => mount(() => <Popup first={first} />));
