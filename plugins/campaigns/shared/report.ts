import { z } from 'zod';
import type { CampaignDto } from './campaign.js';

/** What the report counts (spec part 2 §7 report page, with the platform's delivery states). */
export interface CampaignCounts {
  planned: number;
  sent: number;
  delivered: number;
  read: number;
  failed: number;
  confirmationRequested: number;
  confirmed: number;
  optedOut: number;
  /** Contacts the campaign is done with: messaged, failed or opted out. */
  done: number;
}

export const SHIPPING_STATES = [
  'pending',
  'awaitingConfirmation',
  'sent',
  'delivered',
  'read',
  'failed',
  'optedOut',
] as const;
export type ShippingState = (typeof SHIPPING_STATES)[number];

/** One contact of the campaign in the report's table. */
export interface ShippingDto {
  id: number;
  name: string;
  number: string;
  state: ShippingState;
  failureReason: string | null;
  deliveredAt: string | null;
  confirmationRequestedAt: string | null;
  confirmedAt: string | null;
}

export interface CampaignReportDto {
  campaign: CampaignDto;
  /** The run the counts and the table are of (a recurring campaign's rows are per run; 1 for a one-off). */
  run: number;
  counts: CampaignCounts;
  shippings: ShippingDto[];
  hasMore: boolean;
}

export const reportQuery = z.object({
  pageNumber: z.coerce.number().int().min(1).max(100_000).optional().default(1),
});

/** Share of the planned contacts the campaign is done with (sent, failed or opted out), 0–1. */
export function progressOf(c: CampaignCounts): number {
  if (c.planned === 0) return 0;
  return Math.min(1, c.done / c.planned);
}
