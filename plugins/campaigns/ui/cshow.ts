/** The browser-storage key whose presence registers the campaign routes (spec part 2 §2). */
export const CSHOW_KEY = 'cshow';

/** True when `cshow` is present in the browser's storage, whatever its value (absent storage: false). */
export function campaignRoutesShown(
  storage: Pick<Storage, 'getItem'> | undefined = globalThis.localStorage,
): boolean {
  try {
    return storage?.getItem(CSHOW_KEY) != null;
  } catch {
    // Storage blocked (privacy mode): the routes stay unregistered, as without the flag.
    return false;
  }
}
