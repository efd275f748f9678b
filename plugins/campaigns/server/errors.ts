import { definePluginErrors } from '@balcao/sdk';

/** The campaigns plugin's own refusals, answered as `campaigns:ERR_…` and translated in its locales. */
export const campaignErrors = definePluginErrors('campaigns', {
  ERR_CAMPAIGN_NOT_FOUND: 404,
  /** PROGRAMADA within the hour, running or finished: the form is read-only (spec part 2 §4). */
  ERR_CAMPAIGN_NOT_EDITABLE: 409,
  /** Cancel of a campaign not running or scheduled, restart of one not cancelled. */
  ERR_CAMPAIGN_INVALID_TRANSITION: 409,
  ERR_CAMPAIGN_MEDIA_MISSING: 400,
  /** The contact of an opt-out question is not one the signed-in user may see. */
  ERR_CAMPAIGN_CONTACT_NOT_FOUND: 404,
});
