import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CampaignDto } from '../shared/campaign';
import { LIVE_REFRESH_MS, RELOAD_AFTER_FINISH_MS, reportRefresh } from './report-refresh';

const record = (status: CampaignDto['status']) => ({ id: 7, status }) as CampaignDto;

describe('the report’s live reloads (spec part 2 §4)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('refreshes at most once a second for progress, and ignores other campaigns', () => {
    const load = vi.fn();
    const refresh = reportRefresh(7, load);
    for (let i = 0; i < 10; i++) refresh.frame({ action: 'progress', campaignId: 7 });
    refresh.frame({ action: 'progress', campaignId: 8 });
    vi.advanceTimersByTime(LIVE_REFRESH_MS);
    expect(load).toHaveBeenCalledTimes(1);
    refresh.frame({ action: 'update', record: { ...record('EM_ANDAMENTO'), id: 8 } });
    vi.advanceTimersByTime(10 * LIVE_REFRESH_MS);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('reloads 5 s after a frame that shows FINALIZADA, even when a progress refresh was pending', () => {
    const load = vi.fn();
    const refresh = reportRefresh(7, load);
    refresh.frame({ action: 'progress', campaignId: 7 });
    refresh.frame({ action: 'status', campaignId: 7 });
    vi.advanceTimersByTime(LIVE_REFRESH_MS);
    expect(load).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(RELOAD_AFTER_FINISH_MS - LIVE_REFRESH_MS - 1);
    expect(load).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(1);
    expect(load).toHaveBeenCalledTimes(2);

    refresh.frame({ action: 'update', record: record('FINALIZADA') });
    vi.advanceTimersByTime(RELOAD_AFTER_FINISH_MS);
    expect(load).toHaveBeenCalledTimes(4);
  });

  it('does nothing once stopped (the page left)', () => {
    const load = vi.fn();
    const refresh = reportRefresh(7, load);
    refresh.frame({ action: 'status', campaignId: 7 });
    refresh.stop();
    vi.advanceTimersByTime(RELOAD_AFTER_FINISH_MS);
    expect(load).not.toHaveBeenCalled();
  });
});
