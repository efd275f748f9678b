import type { ScheduleDto } from '../shared/schedule';

/** Puts `schedule` in the list, soonest first, never replacing a row with an older copy of it. */
export function upsertSchedule(shown: ScheduleDto[], schedule: ScheduleDto): ScheduleDto[] {
  const current = shown.find((s) => s.id === schedule.id);
  if (current && current.updatedAt > schedule.updatedAt) return shown;
  const rest = shown.filter((s) => s.id !== schedule.id);
  return [...rest, schedule].sort((a, b) => a.sendAt.localeCompare(b.sendAt) || a.id - b.id);
}
