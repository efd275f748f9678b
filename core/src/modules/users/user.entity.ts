import { tenantFilter } from '@balcao/sdk/orm';
import { defineEntity, type InferEntity } from '@mikro-orm/core';

export const User = defineEntity({
  name: 'User',
  tableName: 'users',
  filters: tenantFilter,
  properties: (p) => ({
    id: p.integer().primary().autoincrement(),
    companyId: p.integer(),
    name: p.string().length(50),
    email: p.string().length(255),
    passwordHash: p.string().length(255).hidden(),
    profile: p.string().length(20).default('user'),
    super: p.boolean().default(false),
    profileImage: p.string().length(255).nullable(),
    startWork: p.string().length(5).default('00:00'),
    endWork: p.string().length(5).default('23:59'),
    farewellMessage: p.text().nullable(),
    whatsappId: p.integer().nullable(),
    /** The user's own WhatsApp number (digits), where a password-reset code goes; unique when set. */
    wpp: p.string().length(15).nullable(),
    allTicket: p.string().length(10).default('disable'),
    allowGroup: p.boolean().default(false),
    defaultTheme: p.string().length(10).default('light'),
    defaultMenu: p.string().length(10).default('open'),
    /** The ticket list's Show all switch as the user last left it. */
    showAllTickets: p.boolean().default(false),
    language: p.string().length(10).nullable(),
    online: p.boolean().default(false),
    lastSeenAt: p.datetime().nullable(),
    createdAt: p.datetime().onCreate(() => new Date()),
    updatedAt: p
      .datetime()
      .onCreate(() => new Date())
      .onUpdate(() => new Date()),
  }),
});
export type IUser = InferEntity<typeof User>;
