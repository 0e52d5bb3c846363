import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { EXTENSION_DIR, ROOT } from './fixtures';

// `npm run test:e2e` builds first; a bare `npx playwright test` builds only when there is no build.
export default function globalSetup(): void {
  if (existsSync(`${EXTENSION_DIR}/manifest.json`)) return;
  execFileSync('npx', ['wxt', 'build', '-b', 'chrome'], { cwd: ROOT, stdio: 'inherit' });
}
