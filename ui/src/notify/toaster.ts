import { type IconName, type Intent, OverlayToaster, Position, type Toaster } from '@blueprintjs/core';
import { i18n } from '../i18n';
import { errorMessage } from './error-message';

/** Spec part 1 §9: toasts last 2000 ms. */
export const TOAST_TIMEOUT_MS = 2000;

let toaster: Promise<Toaster> | null = null;

function getToaster(): Promise<Toaster> {
  toaster ??= OverlayToaster.create({ position: Position.TOP, maxToasts: 4 });
  return toaster;
}

/** Shows an already translated message. */
export function showToast(message: string, intent: Intent = 'primary', icon?: IconName): void {
  void getToaster().then((t) => t.show({ message, intent, icon, timeout: TOAST_TIMEOUT_MS }));
}

export const toastSuccess = (message: string): void => showToast(message, 'success', 'tick-circle');
export const toastWarning = (message: string): void => showToast(message, 'warning', 'warning-sign');

/** The shared error display: translated `errors.ERR_…`, else raw text, else 'An error occurred!'. */
export function toastError(err: unknown, fallbackKey?: string): void {
  showToast(
    errorMessage(err, { exists: (k) => i18n.exists(k), t: (k) => i18n.t(k) }, fallbackKey),
    'danger',
    'error',
  );
}
