// `npm test` starts here: without a browser the journeys cannot run, so say so in one line at once
// instead of after the other suites (and 86 failures).
import { findChromium, NO_CHROMIUM } from './chromium.ts';

if (!findChromium()) {
  console.error(NO_CHROMIUM);
  process.exit(1);
}
