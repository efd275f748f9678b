import { existsSync } from 'node:fs';

/** Debian's Chromium, the browser users run (the cold-login bench measures it: core/bench/summary/cold-login.ts). */
export const BROWSER_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';

/**
 * What the browser specs drive: Debian's Chromium headless shell (`apt-get install chromium-headless-shell`, the same
 * build; Playwright's own choice for headless runs) when installed, else the full browser. The full browser's headless
 * mode runs the whole desktop browser (a window with its toolbar's WebUI renderers, a GPU process compositing in
 * software), which cost more CPU than the pages under test on the 2-core machine (8 contexts loading /login: 6.7-7.6 CPU s
 * with chromium, 2.9-3.1 with the shell). CHROMIUM_PATH overrides both.
 */
export const CHROMIUM_PATH =
  process.env.CHROMIUM_PATH ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : BROWSER_PATH);

/** The flags the browsers run with here (a closed network: no background requests, no GPU). */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** A microphone and camera that need no device: Chromium's own test signal (a beep), granted without asking. */
export const FAKE_MEDIA_ARGS = ['--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream'];

/**
 * Launch options for a spec file that needs the full browser: the headless shell refuses desktop notifications
 * (`Notification.permission` stays 'denied' whatever the context grants), so the specs of those alerts run on Chromium.
 * @example test.use({ launchOptions: FULL_BROWSER });
 */
export const FULL_BROWSER = { executablePath: BROWSER_PATH, args: CHROMIUM_ARGS };
