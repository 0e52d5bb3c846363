// `npm start`: builds the extension for Chromium and Firefox and says how to load it.
// (A later issue turns this into the full demo: simulator + extension.)
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../..', import.meta.url));

const build = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
if (build.status !== 0) {
  console.error('\nnpm start: the build failed (see above).');
  process.exit(build.status ?? 1);
}

const chrome = path.join(root, '.output/chrome-mv3');
const firefox = path.join(root, '.output/firefox-mv3');
console.log(`
Intents Companion is built.

Chrome / Chromium / Edge / Brave:
  1. open chrome://extensions
  2. switch on "Developer mode" (top right)
  3. "Load unpacked" → choose ${chrome}
  After a rebuild, press the reload arrow on the extension's card.

Firefox (128 or newer):
  1. open about:debugging#/runtime/this-firefox
  2. "Load Temporary Add-on…" → choose ${path.join(firefox, 'manifest.json')}
  It stays loaded until Firefox restarts.
`);
