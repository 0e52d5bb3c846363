import { defineUnlistedScript } from 'wxt/utils/define-unlisted-script';
import { askFromHead, type HeadBrowser } from '../src/ui/headAsks';

// /early.js: the page's first ask, from its head (src/ui/headAsks.ts). The extension's own `chrome`, read
// from the global (wxt/browser runs code as it loads, and this script must stay small).
export default defineUnlistedScript(() => {
  askFromHead((globalThis as unknown as { chrome: HeadBrowser }).chrome, location.pathname);
});
