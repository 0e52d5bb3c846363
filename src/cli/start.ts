// `npm start`: builds the extension with the Local preset, starts the simulator, and opens Chromium
// with the extension and the demo dApp. Without a display it runs the same journey headless, prints
// each step, writes screenshots to demo-output/ and exits 0 (`--serve` keeps everything running).

import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';
import { errorText } from '../core/errorText';
import { startSimulator } from '../sim/server';
import { extensionArgs, findChromium, NO_CHROMIUM } from './chromium';
import { runJourney } from './journey';

const root = fileURLToPath(new URL('../..', import.meta.url));
const args = new Set(process.argv.slice(2));
const serve = args.has('--serve');
const headless =
  args.has('--headless') || (!process.env.DISPLAY && !process.env.WAYLAND_DISPLAY && process.platform === 'linux');
const say = (text: string) => console.log(text);

async function main(): Promise<number> {
  say('Building the extension (Local preset: it talks to the simulator on 127.0.0.1)…');
  const build = spawnSync('npx', ['wxt', 'build', '-b', 'chrome'], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, WXT_NETWORK_PRESET: 'local', INTENTS_OUT_DIR: '.output/demo' },
  });
  if (build.status !== 0) {
    console.error('npm start: the build failed (see above).');
    return 1;
  }
  const extensionDir = path.join(root, '.output/demo/chrome-mv3');
  const executablePath = findChromium();
  if (!executablePath) {
    console.error(NO_CHROMIUM);
    say(
      `\nThe extension is built in ${extensionDir}: load it by hand in chrome://extensions (Developer mode → Load unpacked).`,
    );
    return 1;
  }

  const sim = await startSimulator({ port: serve || !headless ? 3999 : 0 });
  say(
    `Simulator on ${sim.url} (swap service, transactions API, message bus, ledger RPC, demo dApp at ${sim.url}/demo)`,
  );
  const profile = mkdtempSync(path.join(tmpdir(), 'intents-companion-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath,
    headless,
    args: extensionArgs(extensionDir),
  });
  let [worker] = context.serviceWorkers();
  worker ??= await context.waitForEvent('serviceworker');
  const extensionId = new URL(worker.url()).host;
  say(`Chromium (${headless ? 'headless' : 'window'}) with the extension ${extensionId}`);

  const cleanup = async () => {
    await context.close().catch(() => undefined);
    await sim.close();
    rmSync(profile, { recursive: true, force: true });
  };

  if (!headless) {
    const page = await context.newPage();
    await page.goto(`${sim.url}/demo`);
    say(
      `\nThe demo dApp is open. The wallet's popup: chrome-extension://${extensionId}/popup.html (or the toolbar icon).`,
    );
    say('Create a wallet, set Settings → Advanced → Network → Local, then try the demo page. Ctrl-C stops everything.');
    await new Promise<void>((resolve) => process.once('SIGINT', () => resolve()));
    await cleanup();
    return 0;
  }

  const outDir = path.join(root, 'demo-output');
  try {
    await runJourney({ context, extensionId, sim, outDir, step: say });
    say(`\nDone: every step worked. Screenshots are in ${path.relative(root, outDir)}/.`);
  } catch (e) {
    console.error(`\nnpm start: the journey stopped: ${errorText(e)}`);
    await cleanup();
    return 1;
  }
  if (serve) {
    say(`Serving (--serve): simulator ${sim.url}; Ctrl-C stops.`);
    await new Promise<void>((resolve) => process.once('SIGINT', () => resolve()));
  }
  await cleanup();
  return 0;
}

main().then(
  (code) => process.exit(code),
  (e: unknown) => {
    console.error(e);
    process.exit(1);
  },
);
