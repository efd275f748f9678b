import type { CampaignDto } from '../shared/campaign';

/** Spec part 2 §4: the report reloads this long after a live update shows FINALIZADA. */
export const RELOAD_AFTER_FINISH_MS = 5_000;
/** Progress frames may come with every message: the report refreshes at most this often for them. */
export const LIVE_REFRESH_MS = 1_000;

/** A frame of the company's `campaign` channel as the report reads it. */
export interface CampaignFrame {
  action: string;
  record?: CampaignDto;
  campaignId?: number;
}

/**
 * When the report of `campaignId` reloads, frame by frame: a refresh at most once a second while it runs, and — on
 * its own timer, so a pending refresh never swallows it — a reload 5 s after a frame that shows it finished (the
 * dispatch's `status` frame, or a record FINALIZADA), when the last acks have come in.
 */
export function reportRefresh(campaignId: number, load: () => void) {
  let live: ReturnType<typeof setTimeout> | null = null;
  let finish: ReturnType<typeof setTimeout> | null = null;
  return {
    frame(frame: CampaignFrame): void {
      if ((frame.record?.id ?? frame.campaignId) !== campaignId) return;
      if (!live)
        live = setTimeout(() => {
          live = null;
          load();
        }, LIVE_REFRESH_MS);
      if (frame.record?.status === 'FINALIZADA' || frame.action === 'status') {
        if (finish) clearTimeout(finish);
        finish = setTimeout(() => {
          finish = null;
          load();
        }, RELOAD_AFTER_FINISH_MS);
      }
    },
    stop(): void {
      if (live) clearTimeout(live);
      if (finish) clearTimeout(finish);
      live = finish = null;
    },
  };
}
