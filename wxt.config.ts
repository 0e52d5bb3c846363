import { defineConfig } from 'wxt';
import { entryHoldsItsImports, inlinePageCss, noEmptyPluginScript, ownCopyPerPage } from './scripts/pageBuild';
import { WALLET_SCRIPT } from './src/background/wake/walletScript';
import { KNOWN_TOKENS_FILE, knownTokensJson } from './src/core/knownTokenRows';
import { KNOWN_TOKEN_ROWS } from './src/core/knownTokens';

// WXT config: see docs/decisions.md, "Toolchain versions". Auto-imports are off so every module says what it
// uses.
const icons = { 16: 'icon/16.png', 32: 'icon/32.png', 48: 'icon/48.png', 128: 'icon/128.png' };
/** The WXT plugins of this build (none today), read once WXT has resolved its config. */
let wxtPlugins: readonly string[] = [];

export default defineConfig({
  imports: false,
  hooks: {
    // The table of well-known assets ships as a package file the background reads when needed, not in its
    // script (src/core/knownTokenRows.ts).
    'build:publicAssets'(_wxt, files) {
      files.push({ relativeDest: KNOWN_TOKENS_FILE, contents: knownTokensJson(KNOWN_TOKEN_ROWS) });
    },
    'prepare:publicPaths'(_wxt, paths) {
      paths.push(`/${KNOWN_TOKENS_FILE}`);
    },
    'config:resolved'(wxt) {
      wxtPlugins = wxt.config.plugins;
    },
    // Firefox's event page loads the wallet's script before background.js, which finds its start offered
    // (src/background/wake/walletScript.ts); Chromium's worker imports it when an event needs the wallet.
    'build:manifestGenerated'(wxt, manifest) {
      const background = manifest.background as { scripts?: string[] } | undefined;
      if (wxt.config.browser === 'firefox' && background?.scripts) {
        background.scripts = [WALLET_SCRIPT, ...background.scripts];
      }
    },
    // Size (docs/architecture.md, "Budgets": provider + relay ≤ 4 kB gzip): WXT wraps every isolated-world
    // content script in a ContentScriptContext (location watcher, timers, invalidation of older copies of the
    // script), about 0.9 kB gzip. The relay never uses the context, so its build gets an empty class. A
    // content script that needs `ctx` must not be named relay.
    'vite:build:extendConfig'(entrypoints, viteConfig) {
      // The extension pages: one script and no stylesheet request before the first screen (scripts/pageBuild.ts).
      const pages = entrypoints.filter((e) => e.inputPath.endsWith('.html')).map((e) => e.name);
      if (pages.includes('popup')) {
        viteConfig.build = { ...viteConfig.build, modulePreload: { polyfill: false } };
        viteConfig.plugins = [
          ownCopyPerPage('popup', pages),
          entryHoldsItsImports(pages),
          ...(viteConfig.plugins ?? []),
          noEmptyPluginScript(() => wxtPlugins),
          inlinePageCss(),
        ];
      }
      if (!entrypoints.some((e) => e.type === 'content-script' && e.name === 'relay')) return;
      const id = '\0relay-content-script-context';
      viteConfig.plugins = [
        {
          name: 'relay-without-content-script-context',
          enforce: 'pre',
          resolveId: (source) => (source === 'wxt/utils/content-script-context' ? id : undefined),
          load: (source) => (source === id ? 'export class ContentScriptContext {}' : undefined),
        },
        ...(viteConfig.plugins ?? []),
      ];
    },
  },
  publicDir: 'assets/public',
  // `npm start` builds its Local-preset copy apart (.output/demo) so it never replaces the test build.
  outDir: process.env.INTENTS_OUT_DIR ?? '.output',
  // The sources zip (made for Firefox review) leaves out run artifacts.
  zip: {
    excludeSources: ['test-results/**', 'coverage/**', 'playwright-report/**', 'demo-output/**', '.sim-data*/**'],
  },
  manifest: ({ browser }) => ({
    // The words are the catalogue's (assets/public/_locales; docs/architecture.md, "Words and languages").
    default_locale: 'en',
    name: '__MSG_extName__',
    description: '__MSG_extDescription__',
    // unlimitedStorage: a long swap history outgrows storage.local's 10 MB (docs/decisions.md, "Unlimited storage").
    // clipboardWrite and, in Chromium, offscreen: the background clears a copied secret off the clipboard
    // (docs/security.md, "Nothing left behind: the clipboard"). Never clipboardRead.
    permissions: [
      'storage',
      'unlimitedStorage',
      'alarms',
      'notifications',
      'clipboardWrite',
      ...(browser === 'firefox' ? [] : ['offscreen']),
    ],
    icons,
    action: { default_title: '__MSG_extName__', default_icon: icons },
    // Chromium 140: the first whose storage.local takes an access level (before it, storage.session only;
    // MDN browser-compat-data, webextensions/api/storage.json), which the records rely on
    // (src/background/trustedStorage.ts). MAIN-world content scripts (111) and the offscreen document (109)
    // come before it.
    ...(browser !== 'firefox' && { minimum_chrome_version: '140' }),
    ...(browser === 'firefox' && {
      // Firefox MV3 needs an add-on id. 140 (ESR) and Android 142 are the first releases that know
      // data_collection_permissions (128 brought MAIN-world content scripts).
      // data_collection_permissions (Firefox's built-in consent, required of new listings:
      // https://extensionworkshop.com/documentation/develop/firefox-builtin-data-consent/): swaps send
      // addresses and amounts to the swap service the user chose (docs/decisions.md, "Firefox data consent").
      browser_specific_settings: {
        gecko: {
          id: 'intents-companion@intents-companion.dev',
          strict_min_version: '140.0',
          data_collection_permissions: { required: ['financialAndPaymentInfo'] },
        },
        gecko_android: { strict_min_version: '142.0' },
      },
    }),
  }),
});
