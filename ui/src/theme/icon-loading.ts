import { type IconName, IconNames, type IconPaths, IconSize, Icons } from '@blueprintjs/icons';
import blank from '@blueprintjs/icons/lib/esm/generated/16px/paths/blank.js';
import envelope from '@blueprintjs/icons/lib/esm/generated/16px/paths/envelope.js';
import error from '@blueprintjs/icons/lib/esm/generated/16px/paths/error.js';
import eyeOff from '@blueprintjs/icons/lib/esm/generated/16px/paths/eye-off.js';
import eyeOpen from '@blueprintjs/icons/lib/esm/generated/16px/paths/eye-open.js';
import flash from '@blueprintjs/icons/lib/esm/generated/16px/paths/flash.js';
import key from '@blueprintjs/icons/lib/esm/generated/16px/paths/key.js';
import lock from '@blueprintjs/icons/lib/esm/generated/16px/paths/lock.js';
import logOut from '@blueprintjs/icons/lib/esm/generated/16px/paths/log-out.js';
import moon from '@blueprintjs/icons/lib/esm/generated/16px/paths/moon.js';
import phone from '@blueprintjs/icons/lib/esm/generated/16px/paths/phone.js';
import tick from '@blueprintjs/icons/lib/esm/generated/16px/paths/tick.js';
import translate from '@blueprintjs/icons/lib/esm/generated/16px/paths/translate.js';

// Icons arrive in two steps (issue 30, a lean first load): the few the public pages show (login form, language and
// theme buttons) are bundled with the shell, so /login paints with no icon chunk; every other icon comes from
// Blueprint's per-size chunks (one cached file each), fetched right after the first paint.

/** The 16 px icons of the public pages, bundled with the shell. */
export const PUBLIC_PAGE_ICONS: Readonly<Partial<Record<IconName, IconPaths>>> = {
  blank,
  envelope,
  error,
  'eye-off': eyeOff,
  'eye-open': eyeOpen,
  flash,
  key,
  lock,
  'log-out': logOut,
  moon,
  phone,
  tick,
  translate,
};

/** Blueprint's own loader (one chunk per size), behind the bundled public-page icons. */
async function loadPaths(name: IconName, size: IconSize): Promise<IconPaths> {
  const bundled = size === IconSize.STANDARD ? PUBLIC_PAGE_ICONS[name] : undefined;
  if (bundled) return bundled;
  const { splitPathsBySizeLoader } = await import(
    '@blueprintjs/icons/lib/esm/paths-loaders/splitPathsBySizeLoader.js'
  );
  return splitPathsBySizeLoader(name, size);
}

/** The public pages whose icons are all bundled (the billing page's large icons come from the 20 px chunk). */
export const PUBLIC_PATHS = ['/login', '/signup', '/recovery-password'];

/**
 * Loads icons so that none flashes as an empty box: on a public page, only its bundled icons before the first paint;
 * on any other page, every 16 px icon (the page about to show may use any). The rest follows after the paint.
 * @example await loadIconsBeforePaint(location.pathname); render(); loadRemainingIcons();
 */
export async function loadIconsBeforePaint(pathname: string): Promise<void> {
  Icons.setLoaderOptions({ loader: loadPaths });
  const names = PUBLIC_PATHS.some((p) => pathname.startsWith(p))
    ? (Object.keys(PUBLIC_PAGE_ICONS) as IconName[])
    : (Object.values(IconNames) as IconName[]);
  await Icons.load(names, IconSize.STANDARD);
}

/** Every icon of both sizes, after the first paint (a signed-in page may show any). */
export async function loadRemainingIcons(): Promise<void> {
  const all = Object.values(IconNames) as IconName[];
  await Icons.load(all, IconSize.STANDARD);
  await Icons.load(all, IconSize.LARGE);
}
