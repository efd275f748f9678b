import { definePluginErrors } from '@balcao/sdk';

/** The schedules plugin's own refusals, translated in its locales (`errors.ERR_…`). */
export const schedulesErrors = definePluginErrors('schedules', {
  ERR_SCHEDULE_NOT_FOUND: 404,
  /** A sent schedule is history: it is neither edited nor retried. */
  ERR_SCHEDULE_ALREADY_SENT: 409,
  /** Being sent right now: wait for the outcome. */
  ERR_SCHEDULE_SENDING: 409,
  /** Only a failed schedule is retried. */
  ERR_SCHEDULE_NOT_FAILED: 409,
});
