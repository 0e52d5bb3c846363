/**
 * The dApp kit for Intents Companion, browser side: find the wallet, call it with types, hear its
 * events, follow an intent to SETTLED (docs/dapps.md). The server side is `./server` (verifySignIn).
 */
export { type DiscoverOptions, discover } from './discover.js';
export { IntentsKitError, type ServiceFailure } from './errors.js';
export * from './protocol.js';
export { IntentsWallet, type WaitOptions } from './wallet.js';
