import { defineConfig, devices } from '@playwright/test';
import { findChromium } from './scripts/chromium.ts';

const PORT = Number(process.env.E2E_PORT ?? 3100);
const SMTP_PORT = Number(process.env.E2E_SMTP_PORT ?? 2526);
const MAIL_HTTP_PORT = Number(process.env.E2E_MAIL_HTTP_PORT ?? 3199);
// Two runs side by side need their own data folder too (each run starts by deleting it).
const DATA_DIR = process.env.E2E_DATA_DIR ?? '.e2e-data';
// Debian's Chromium (or CHROMIUM_PATH, or Playwright's own download where there is one; see scripts/chromium.ts).
const { executablePath } = findChromium() ?? { executablePath: undefined };

export default defineConfig({
  testDir: 'e2e',
  // Per port: two runs side by side (their own E2E_PORT) do not wipe each other's traces.
  outputDir: `test-results/${PORT}`,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: [['list']],
  use: {
    baseURL: `http://localhost:${PORT}`,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath,
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'],
    },
  },
  projects: [
    { name: 'desktop', use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 900 } } },
    // The network-idle sweep and the affiliates' postbacks do not depend on the screen, and the console is
    // for desktops and tablets: those run once, on the desktop.
    { name: 'phone', use: { ...devices['Desktop Chrome'], viewport: { width: 375, height: 740 }, isMobile: true, hasTouch: true }, testIgnore: /(network-idle|affiliates|console(-[a-z]+)?)\.spec\.ts$/ },
  ],
  webServer: [{
    // A real SMTP server that keeps the mails for the tests to read.
    command: 'node --import tsx e2e/mail-catcher.ts',
    env: { E2E_SMTP_PORT: String(SMTP_PORT), E2E_MAIL_HTTP_PORT: String(MAIL_HTTP_PORT) },
    url: `http://127.0.0.1:${MAIL_HTTP_PORT}/health`,
    timeout: 30_000,
    reuseExistingServer: false,
  }, {
    // A fresh embedded database with a smaller demo seed, on its own port; mail goes over SMTP to the
    // catcher; the test hooks let a journey move the clock forward ("15 days later"). SEED_WAIT: the
    // whole seed is in before the server answers (no background seeding during the journeys).
    command: `rm -rf ${DATA_DIR} && node --import tsx scripts/start.ts`,
    env: {
      // Test hooks need a loopback HOST ('localhost' binds 127.0.0.1 and ::1): never reachable from outside.
      PORT: String(PORT), HOST: 'localhost', DATA_DIR, SEED_PROFILES: '400', SEED_WAIT: '1', LOG_LEVEL: 'warn',
      SMTP_URL: `smtp://127.0.0.1:${SMTP_PORT}/?ignoreTLS=true`, TEST_HOOKS: '1', JOBS_POLL_MS: '250', RATE_LIMIT_FACTOR: '20',
      // A build of one's own (DIST_DIR=.dist-x npx rsbuild build) served instead of dist/.
      ...(process.env.DIST_DIR ? { DIST_DIR: process.env.DIST_DIR } : {}),
    },
    url: `http://localhost:${PORT}/api/health`,
    timeout: 240_000,
    reuseExistingServer: false,
  }],
});
