const supported = () => typeof window !== 'undefined' && 'Notification' in window;

/** Asks once, from a user gesture (browsers ignore or penalise prompts without one). */
export function requestNotificationPermission(): void {
  if (supported() && Notification.permission === 'default') {
    void Notification.requestPermission().catch(() => undefined);
  }
}

/**
 * A desktop notification when permitted; clicking it focuses this window and runs `onClick` (opens the ticket).
 * `tag` makes a newer message of the same ticket replace the older notification instead of stacking.
 */
export function showDesktopNotification(options: {
  title: string;
  body: string;
  tag: string;
  icon?: string;
  onClick(): void;
}): void {
  if (!supported() || Notification.permission !== 'granted') return;
  try {
    const n = new Notification(options.title, { body: options.body, tag: options.tag, icon: options.icon });
    n.onclick = () => {
      window.focus();
      options.onClick();
      n.close();
    };
  } catch {
    // Some mobile browsers only allow notifications from a service worker; the bell and sound still work.
  }
}
