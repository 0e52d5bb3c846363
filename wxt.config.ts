import { defineConfig } from 'wxt';

// WXT config: see ../shared/design/toolchain.md. Auto-imports are off so every module says what it uses.
const icons = { 16: 'icon/16.png', 32: 'icon/32.png', 48: 'icon/48.png', 128: 'icon/128.png' };

export default defineConfig({
  imports: false,
  publicDir: 'assets/public',
  // The sources zip (made for Firefox review) leaves out run artifacts.
  zip: { excludeSources: ['test-results/**', 'coverage/**', 'playwright-report/**', 'demo-output/**', '.sim-data*/**'] },
  manifest: ({ browser }) => ({
    name: 'Intents Companion',
    description: 'Sign NEP-413 intents for the verifier, get swap quotes and track cross-chain swaps.',
    permissions: ['storage', 'alarms', 'notifications'],
    icons,
    action: { default_title: 'Intents Companion', default_icon: icons },
    ...(browser === 'firefox' && {
      // Firefox MV3 needs an add-on id; 128 is the first release with MAIN-world content scripts.
      browser_specific_settings: { gecko: { id: 'intents-companion@intents-companion.dev', strict_min_version: '128.0' } },
    }),
  }),
});
