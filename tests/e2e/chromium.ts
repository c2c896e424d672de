// Which Chromium the browser suite drives, for tests/e2e/browser.ts and global-setup.ts.
// The suite runs in Debian's `chromium-headless-shell` (the same Chromium release, built without
// the browser's windowing layer, as Playwright's own headless runs use) where it is installed,
// else in `chromium`. The browser suite is bound by the CPU on CI's two cores, and about three
// quarters of that CPU was Chromium's: the same suite took 468 CPU-seconds in the headless shell
// against about 700 in the full browser, every test passing in both (docs/architecture.md, "Tests").
// E2E_CHROMIUM names another binary (`/usr/bin/chromium` to see a failure in the full browser).
import fs from 'node:fs';

const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';
const FULL_BROWSER = '/usr/bin/chromium';

export function chromiumPath(): string {
  return process.env.E2E_CHROMIUM ?? (fs.existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : FULL_BROWSER);
}
