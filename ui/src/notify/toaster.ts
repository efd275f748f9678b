import { type IconName, type Intent, OverlayToaster, Position, type Toaster } from '@blueprintjs/core';
import { i18n } from '../i18n';
import { errorMessage } from './error-message';

/** Spec part 1 §9: toasts last 2000 ms on the attendance screens. */
export const TOAST_TIMEOUT_MS = 2000;
/** Spec part 2 §9: 3000 ms in the administration and extra areas. */
export const ADMIN_TOAST_TIMEOUT_MS = 3000;

/** The screens of spec part 1 (attendance core): the rest of the product is part 2's. */
const ATTENDANCE_PATHS = ['/', '/tickets', '/moments', '/contacts', '/users', '/connections', '/login'];

/**
 * How long a toast stays on the screen at `pathname`: part 1's screens 2000 ms, part 2's (queues, settings, tags,
 * companies, announcements, helps, plugin pages, password reset, signup …) 3000 ms.
 * @example toastTimeoutFor('/companies') === 3000
 */
export function toastTimeoutFor(pathname: string): number {
  const first = `/${pathname.split('/')[1] ?? ''}`.toLowerCase();
  return ATTENDANCE_PATHS.includes(first) ? TOAST_TIMEOUT_MS : ADMIN_TOAST_TIMEOUT_MS;
}

let toaster: Promise<Toaster> | null = null;

function getToaster(): Promise<Toaster> {
  toaster ??= OverlayToaster.create({ position: Position.TOP, maxToasts: 4 });
  return toaster;
}

/**
 * Shows an already translated message. With a `key`, a toast of that key still on screen is replaced (and its time
 * starts again) instead of another one stacking under it.
 */
export function showToast(message: string, intent: Intent = 'primary', icon?: IconName, key?: string): void {
  const timeout = toastTimeoutFor(window.location.pathname);
  void getToaster().then((t) => t.show({ message, intent, icon, timeout }, key));
}

export const toastSuccess = (message: string, key?: string): void =>
  showToast(message, 'success', 'tick-circle', key);
export const toastWarning = (message: string): void => showToast(message, 'warning', 'warning-sign');

/** The shared error display: translated `errors.ERR_…`, else raw text, else 'An error occurred!'. */
export function toastError(err: unknown, fallbackKey?: string): void {
  showToast(
    errorMessage(err, { exists: (k) => i18n.exists(k), t: (k) => i18n.t(k) }, fallbackKey),
    'danger',
    'error',
  );
}
