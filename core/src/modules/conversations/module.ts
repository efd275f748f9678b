import { asClass, asFunction, asValue } from 'awilix';
import { defineModule } from '../../kernel/module.js';
import { CallLog } from './call-log.js';
import { ConversationsService } from './conversations-service.js';
import { EarlyAcks } from './early-acks.js';
import { HistoryImports } from './history-imports.js';
import { IngestService } from './ingest-service.js';
import { MigrationConversations0001IngestV1 } from './migrations/conversations-0001-ingest-v1.js';
import { MigrationConversations0002HistoryIngest } from './migrations/conversations-0002-history-ingest.js';
import { MigrationConversations0003IngestNinthDigit } from './migrations/conversations-0003-ingest-ninth-digit.js';
import { MigrationConversations0004IngestReopen } from './migrations/conversations-0004-ingest-reopen.js';
import { MigrationConversations0005NinthDigitShared } from './migrations/conversations-0005-ninth-digit-shared.js';
import { MigrationConversations0006IngestQuoted } from './migrations/conversations-0006-ingest-quoted.js';
import { MigrationConversations0007IngestFindOnlyReactions } from './migrations/conversations-0007-ingest-find-only-reactions.js';
import { MigrationConversations0008MergeAliases } from './migrations/conversations-0008-merge-aliases.js';
import { MigrationConversations0009HistoryQuoted } from './migrations/conversations-0009-history-quoted.js';
import { MigrationConversations0010IngestParticipantAlias } from './migrations/conversations-0010-ingest-participant-alias.js';
import { MigrationConversations0011HistoryLateLinks } from './migrations/conversations-0011-history-late-links.js';
import { MigrationConversations0012IngestLateLinksAliasLock } from './migrations/conversations-0012-ingest-late-links-alias-lock.js';
import { MigrationConversations0013IngestLiveRepliesWait } from './migrations/conversations-0013-ingest-live-replies-wait.js';
import { MigrationConversations0014ActorIngestReleasesHeld } from './migrations/conversations-0014-actor-ingest-releases-held.js';
import { MigrationConversations0015IngestContactId } from './migrations/conversations-0015-ingest-contact-id.js';
import { MigrationConversations0016IngestMany } from './migrations/conversations-0016-ingest-many.js';
import { Migration0007IngestLeanerWrites } from './migrations/core-0007-ingest-leaner-writes.js';
import { Migration0008IngestLastMessagePreview } from './migrations/core-0008-ingest-last-message-preview.js';
import { ChannelRegistry } from './outbound.js';
import { OutboxWorker } from './outbox-worker.js';

declare module '../../kernel/container.js' {
  interface Cradle {
    /** Channel adapters hand inbound messages here (ARCHITECTURE "Data flow"). */
    ingest: IngestService;
    conversations: ConversationsService;
    /** Channel adapters contributed by plugins. */
    channels: ChannelRegistry;
    /** Delivers the outbox (started on the `all` and `worker` roles); message events wake it (OutboxWorker.listen). */
    outbox: OutboxWorker;
    /** Contacts' calls: logged in their conversation, declined when the company takes none (ConversationsPort.call). */
    callLog: CallLog;
  }
}

/** Conversations: inbound ingest (the balcao_ingest function, sql/), the channel registry and outbound delivery. */
export const conversationsModule = defineModule({
  name: 'conversations',
  dependsOn: ['messages'],
  migrations: [
    {
      name: 'conversations-0001-ingest-v1',
      class: MigrationConversations0001IngestV1,
      replaces: 'core-0004-attendance-indexes',
    },
    { name: 'core-0007-ingest-leaner-writes', class: Migration0007IngestLeanerWrites },
    { name: 'core-0008-ingest-last-message-preview', class: Migration0008IngestLastMessagePreview },
    { name: 'conversations-0002-history-ingest', class: MigrationConversations0002HistoryIngest },
    { name: 'conversations-0003-ingest-ninth-digit', class: MigrationConversations0003IngestNinthDigit },
    { name: 'conversations-0004-ingest-reopen', class: MigrationConversations0004IngestReopen },
    { name: 'conversations-0005-ninth-digit-shared', class: MigrationConversations0005NinthDigitShared },
    { name: 'conversations-0006-ingest-quoted', class: MigrationConversations0006IngestQuoted },
    {
      name: 'conversations-0007-ingest-find-only-reactions',
      class: MigrationConversations0007IngestFindOnlyReactions,
    },
    { name: 'conversations-0008-merge-aliases', class: MigrationConversations0008MergeAliases },
    { name: 'conversations-0009-history-quoted', class: MigrationConversations0009HistoryQuoted },
    {
      name: 'conversations-0010-ingest-participant-alias',
      class: MigrationConversations0010IngestParticipantAlias,
    },
    { name: 'conversations-0011-history-late-links', class: MigrationConversations0011HistoryLateLinks },
    {
      name: 'conversations-0012-ingest-late-links-alias-lock',
      class: MigrationConversations0012IngestLateLinksAliasLock,
    },
    {
      name: 'conversations-0013-ingest-live-replies-wait',
      class: MigrationConversations0013IngestLiveRepliesWait,
    },
    {
      name: 'conversations-0014-actor-ingest-releases-held',
      class: MigrationConversations0014ActorIngestReleasesHeld,
    },
    { name: 'conversations-0015-ingest-contact-id', class: MigrationConversations0015IngestContactId },
    { name: 'conversations-0016-ingest-many', class: MigrationConversations0016IngestMany },
  ],
  ports: {
    conversations: ({ root, companyId, ownKinds }) =>
      root.cradle.conversations.boundTo({
        companyId,
        ownKinds,
        store: (id) => root.cradle.sessions.store(id),
      }),
  },
  register: (container) =>
    container.register({
      ingest: asClass(IngestService).singleton(),
      conversations: asClass(ConversationsService).singleton(),
      channels: asValue(new ChannelRegistry()),
      earlyAcks: asValue(new EarlyAcks()),
      outbox: asClass(OutboxWorker).singleton(),
      historyImports: asFunction(() => new HistoryImports(container)).singleton(),
      callLog: asFunction(() => new CallLog(container)).singleton(),
    }),
  // Delivery follows the catalogue: a stored outgoing message, a deletion or a retry wakes the worker.
  wire: ({ root, events }) => root.cradle.outbox.listen(events),
});
