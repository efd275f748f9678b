import type { ContactDto } from '@balcao/sdk';
import type { Recurrence, ScheduleDto, ScheduleStatus } from '../shared/schedule.js';
import type { ISchedule } from './schedule.entity.js';

/** A schedule row as the raw claim query answers it (snake_case columns; the driver may give dates as strings). */
export interface ScheduleRow {
  id: number;
  company_id: number;
  contact_id: number;
  user_id: number | null;
  body: string;
  send_at: Date | string;
  starts_at: Date | string;
  status: ScheduleStatus;
  recurrence: Recurrence;
  recurrence_end: Date | string | null;
  sent_count: number;
  occurrence: number;
  media_url: string | null;
  media_type: string | null;
  media_name: string | null;
}

/** What clients see of a schedule; `contact` is null when the contact is no longer readable. */
export function toScheduleDto(s: ISchedule, contact: Pick<ContactDto, 'id' | 'name'> | null): ScheduleDto {
  return {
    id: s.id,
    contactId: s.contactId,
    contact: contact ? { id: contact.id, name: contact.name } : null,
    userId: s.userId ?? null,
    body: s.body,
    sendAt: s.sendAt.toISOString(),
    status: s.status as ScheduleStatus,
    error: s.error ?? null,
    sentAt: s.sentAt?.toISOString() ?? null,
    recurrence: s.recurrence as Recurrence,
    recurrenceEnd: s.recurrenceEnd?.toISOString() ?? null,
    sentCount: s.sentCount,
    media:
      s.mediaUrl && s.mediaType
        ? { url: s.mediaUrl, type: s.mediaType as 'image', name: s.mediaName ?? '' }
        : null,
    createdAt: s.createdAt.toISOString(),
    updatedAt: s.updatedAt.toISOString(),
  };
}
