import type { MigrationObject } from '@mikro-orm/core';
import { Migration0001Kernel } from './0001-kernel.js';
import { Migration0002Attendance } from './0002-attendance.js';
import { Migration0003ContactsEmailSearch } from './0003-contacts-email-search.js';
import { Migration0004AttendanceIndexes } from './0004-attendance-indexes.js';
import { Migration0005TicketVisibilityIndexes } from './0005-ticket-visibility-indexes.js';
import { Migration0006UnassignedListOrder } from './0006-unassigned-list-order.js';
import { Migration0007IngestLeanerWrites } from './0007-ingest-leaner-writes.js';
import { Migration0008IngestLastMessagePreview } from './0008-ingest-last-message-preview.js';
import { Migration0009TicketTagIds } from './0009-ticket-tag-ids.js';
import { Migration0010AuthAttempts } from './0010-auth-attempts.js';
import { Migration0011ConnectionEmbedOrigins } from './0011-connection-embed-origins.js';
import { Migration0012ConnectionExpiresTicketDefault } from './0012-connection-expires-ticket-default.js';
import { Migration0013MessageOutbox } from './0013-message-outbox.js';
import { Migration0014TicketBotEngine } from './0014-ticket-bot-engine.js';
import { Migration0015ChannelSessions } from './0015-channel-sessions.js';

/** Core migrations, in order. Names are stable: they are the keys in mikro_orm_migrations. */
export const coreMigrations: MigrationObject[] = [
  { name: 'core-0001-kernel', class: Migration0001Kernel },
  { name: 'core-0002-attendance', class: Migration0002Attendance },
  { name: 'core-0003-contacts-email-search', class: Migration0003ContactsEmailSearch },
  { name: 'core-0004-attendance-indexes', class: Migration0004AttendanceIndexes },
  { name: 'core-0005-ticket-visibility-indexes', class: Migration0005TicketVisibilityIndexes },
  { name: 'core-0006-unassigned-list-order', class: Migration0006UnassignedListOrder },
  { name: 'core-0007-ingest-leaner-writes', class: Migration0007IngestLeanerWrites },
  { name: 'core-0008-ingest-last-message-preview', class: Migration0008IngestLastMessagePreview },
  { name: 'core-0009-ticket-tag-ids', class: Migration0009TicketTagIds },
  { name: 'core-0010-auth-attempts', class: Migration0010AuthAttempts },
  { name: 'core-0011-connection-embed-origins', class: Migration0011ConnectionEmbedOrigins },
  { name: 'core-0012-connection-expires-ticket-default', class: Migration0012ConnectionExpiresTicketDefault },
  { name: 'core-0013-message-outbox', class: Migration0013MessageOutbox },
  { name: 'core-0014-ticket-bot-engine', class: Migration0014TicketBotEngine },
  { name: 'core-0015-channel-sessions', class: Migration0015ChannelSessions },
];
