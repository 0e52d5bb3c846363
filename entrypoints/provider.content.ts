import { defineContentScript } from 'wxt/utils/define-content-script';
import { installNearConnect } from '../src/provider/nearConnect';
import { installProvider } from '../src/provider/page';

// MAIN world at document_start: the provider exists before the page's first inline script.
export default defineContentScript({
  matches: ['<all_urls>'],
  world: 'MAIN',
  runAt: 'document_start',
  allFrames: true,
  main() {
    const provider = installProvider(window);
    if (provider) installNearConnect(window, provider);
  },
});
