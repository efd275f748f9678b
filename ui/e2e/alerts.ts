import type { Page } from '@playwright/test';

// Shared by the specs that check alerts: the ticket bell's and the internal chat's.

/** Records every desktop Notification the page constructs (the real constructor still runs) and chimes played. */
export function recordAlerts() {
  const calls: { title: string; body: string }[] = [];
  const Real = window.Notification;
  const Recording = function (this: Notification, title: string, options?: NotificationOptions) {
    calls.push({ title, body: options?.body ?? '' });
    return new Real(title, options);
  } as unknown as typeof Notification;
  Object.defineProperty(Recording, 'permission', { get: () => Real.permission });
  Recording.requestPermission = Real.requestPermission.bind(Real);
  window.Notification = Recording;
  const sounds = { count: 0 };
  const createOscillator = AudioContext.prototype.createOscillator;
  AudioContext.prototype.createOscillator = function (this: AudioContext) {
    sounds.count += 1;
    return createOscillator.call(this);
  };
  Object.assign(window, { __desktopNotifications: calls, __chimes: sounds });
}

/** The desktop notifications the page has shown so far (title, body). */
export const desktopCalls = (page: Page) =>
  page.evaluate(
    () =>
      (window as unknown as { __desktopNotifications: { title: string; body: string }[] })
        .__desktopNotifications,
  );

/** How many chimes the page has played. */
export const chimes = (page: Page) =>
  page.evaluate(() => (window as unknown as { __chimes: { count: number } }).__chimes.count);
