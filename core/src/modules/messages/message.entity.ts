import { defineEntity, type InferEntity, tenantFilter } from '@balcao/sdk/orm';

export const Message = defineEntity({
  name: 'Message',
  tableName: 'messages',
  filters: tenantFilter,
  properties: (p) => ({
    id: p.bigint('number').primary().autoincrement(),
    companyId: p.integer(),
    ticketId: p.integer(),
    contactId: p.integer().nullable(),
    whatsappId: p.integer().nullable(),
    queueId: p.integer().nullable(),
    userId: p.integer().nullable(),
    /** The channel's own id: with whatsappId, unique — a replayed inbound is a no-op. */
    externalId: p.string().length(255).nullable(),
    body: p.text().default(''),
    fromMe: p.boolean().default(false),
    read: p.boolean().default(false),
    ack: p.integer().default(0),
    mediaType: p.string().length(30).default('chat'),
    mediaUrl: p.text().nullable(),
    quotedMsgId: p.bigint('number').nullable(),
    /** An audio recorded in the conversation (sent as a voice note where the channel has them), not an audio file. */
    voiceNote: p.boolean().default(false),
    participant: p.string().length(100).nullable(),
    isDeleted: p.boolean().default(false),
    isEdited: p.boolean().default(false),
    isForwarded: p.boolean().default(false),
    isPrivate: p.boolean().default(false),
    createdAt: p.datetime().onCreate(() => new Date()),
    updatedAt: p
      .datetime()
      .onCreate(() => new Date())
      .onUpdate(() => new Date()),
  }),
});
export type IMessage = InferEntity<typeof Message>;
