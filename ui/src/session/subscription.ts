// The due-date rule (expired, expiring soon) is the SDK's, shared with the server's login: @balcao/sdk subscription.

/** `YYYY-MM-DD` → `dd/MM/yyyy`, without time-zone shifts. */
export function formatDueDate(dueDate: string | null | undefined): string {
  const match = dueDate ? /^(\d{4})-(\d{2})-(\d{2})/.exec(dueDate) : null;
  return match ? `${match[3]}/${match[2]}/${match[1]}` : '';
}
