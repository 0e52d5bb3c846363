import { browser } from 'wxt/browser';
import { defineBackground } from 'wxt/utils/define-background';
import { route } from '../src/background/router';
import { ERROR_CODES, errorReply } from '../src/provider/protocol';

export default defineBackground(() => {
  browser.runtime.onMessage.addListener((message, sender, sendResponse) => {
    route(message, sender).then(sendResponse, () => sendResponse(errorReply(ERROR_CODES.internal, 'Internal error')));
    return true;
  });
});
