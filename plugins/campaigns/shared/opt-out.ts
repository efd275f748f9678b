/** GET /campaign-opt-outs?contactId= : whether the contact opted out of campaigns, and when (null: they did not). */
export interface OptOutDto {
  contactId: number;
  optedOutAt: string | null;
}
