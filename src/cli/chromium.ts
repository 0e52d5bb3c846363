// Where Chromium is: CHROMIUM_PATH, Debian's /usr/bin/chromium, or Playwright's own download.
import { existsSync } from 'node:fs';
import { chromium } from '@playwright/test';

export function findChromium(): string | null {
  const candidates = [
    process.env.CHROMIUM_PATH,
    '/usr/bin/chromium',
    '/usr/bin/chromium-browser',
    '/usr/bin/google-chrome',
  ];
  for (const path of candidates) if (path && existsSync(path)) return path;
  try {
    const bundled = chromium.executablePath();
    if (bundled && existsSync(bundled)) return bundled;
  } catch {
    // Playwright has no browser of its own here.
  }
  return null;
}

export const NO_CHROMIUM = `No Chromium found. Install one of:
  - Debian/Ubuntu:   sudo apt-get install -y chromium
  - any system:      npx playwright install chromium
  - or point CHROMIUM_PATH at a Chromium/Chrome binary.`;

/** Flags (docs/decisions.md, "Toolchain versions"): load only our extension, no background networking. */
export function extensionArgs(extensionDir: string): string[] {
  return [
    `--disable-extensions-except=${extensionDir}`,
    `--load-extension=${extensionDir}`,
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ];
}
