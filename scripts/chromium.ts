// Which Chromium the Playwright journeys run: CHROMIUM_PATH, else the system's (Debian's `chromium`),
// else the one `npx playwright install chromium` downloaded (machines with internet access).
import fs from 'node:fs';
import { chromium } from '@playwright/test';

const SYSTEM = ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome', '/usr/bin/google-chrome-stable'];

/** The executable to launch (undefined: Playwright's own download), or null when there is none. */
export function findChromium(env: NodeJS.ProcessEnv = process.env): { executablePath: string | undefined } | null {
  if (env.CHROMIUM_PATH) return fs.existsSync(env.CHROMIUM_PATH) ? { executablePath: env.CHROMIUM_PATH } : null;
  const system = SYSTEM.find((p) => fs.existsSync(p));
  if (system) return { executablePath: system };
  let own: string | null = null;
  try { own = chromium.executablePath(); } catch { own = null; }
  return own && fs.existsSync(own) ? { executablePath: undefined } : null;
}

export const NO_CHROMIUM = 'No Chromium for the browser tests: install it (Debian/Ubuntu: `sudo apt-get install chromium`), '
  + 'or set CHROMIUM_PATH to a Chromium or Chrome executable, or run `npx playwright install chromium` on a machine with internet access.';
