// Screenshots for a person to look at, never compared by a test: taken only when asked for,
//   SCREENSHOTS=1 npx vitest run --project e2e [files]
// into SCREENSHOTS_DIR, else the OS temp folder's peptide-screens/. The suite used to take about
// a hundred in every CI run, which nobody opened: each a wait for a frame of the whole page and a
// PNG encode (docs/performance-log.md, 28 November, second session).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Locator, Page } from 'playwright-core';

/** Whether this run keeps screenshots: tests that only take screenshots run only then. */
export const screenshotsWanted = process.env.SCREENSHOTS === '1';

/** The folder screenshots go to, made if missing. */
export function screenshotDir(): string {
  const dir = process.env.SCREENSHOTS_DIR || path.join(os.tmpdir(), 'peptide-screens');
  fs.mkdirSync(dir, { recursive: true });
  return dir;
}

/**
 * Saves what `target` shows as `<name>.png` when screenshots are wanted; otherwise does nothing.
 * A page is taken whole unless `fullPage` is false; a locator is taken as it is drawn.
 */
export async function screenshot(
  target: Page | Locator,
  name: string,
  { fullPage = true }: { fullPage?: boolean } = {},
): Promise<void> {
  if (!screenshotsWanted) return;
  const file = path.join(screenshotDir(), `${name}.png`);
  if ('goto' in target) await target.screenshot({ path: file, fullPage });
  else await target.screenshot({ path: file });
}
