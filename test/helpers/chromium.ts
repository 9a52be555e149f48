// Debian's Chromium, driven by playwright-core (which downloads no browser of its own): where it is,
// and the skip reason browser tests print when it is missing (.ci/run installs it).
import { accessSync, constants } from 'node:fs';
import path from 'node:path';

export function findChromium(): string | null {
  const candidates = [
    process.env.CHROMIUM_PATH,
    ...(process.env.PATH ?? '')
      .split(path.delimiter)
      .flatMap((dir) => (dir ? [path.join(dir, 'chromium'), path.join(dir, 'chromium-browser')] : [])),
    '/usr/lib/chromium/chromium',
  ];
  for (const file of candidates) {
    if (!file) continue;
    try {
      accessSync(file, constants.X_OK);
      return file;
    } catch {
      // try the next one
    }
  }
  return null;
}

export const CHROMIUM_MISSING =
  'Chromium not found (apt-get install chromium, or set CHROMIUM_PATH); .ci/run installs it';

/** The browser for a test file, or why its tests skip (printed once under `label`). */
export function chromiumForTests(
  label: string,
): { executablePath: string; skip: false } | { executablePath: null; skip: string } {
  const executablePath = findChromium();
  if (executablePath) return { executablePath, skip: false };
  console.log(`# ${label} skipped: ${CHROMIUM_MISSING}`);
  return { executablePath: null, skip: CHROMIUM_MISSING };
}
