import { tenantFilter } from '@balcao/sdk/orm';
import { defineEntity, type InferEntity } from '@mikro-orm/core';

/** One login: its refresh token rotates on every refresh; a reused old token revokes the session. */
export const AuthSession = defineEntity({
  name: 'AuthSession',
  tableName: 'auth_sessions',
  filters: tenantFilter,
  properties: (p) => ({
    id: p.uuid().primary(),
    companyId: p.integer(),
    userId: p.integer(),
    tokenHash: p.string().length(64),
    expiresAt: p.datetime(),
    revokedAt: p.datetime().nullable(),
    ip: p.string().length(64).nullable(),
    userAgent: p.string().length(255).nullable(),
    createdAt: p.datetime().onCreate(() => new Date()),
    updatedAt: p
      .datetime()
      .onCreate(() => new Date())
      .onUpdate(() => new Date()),
  }),
});
export type IAuthSession = InferEntity<typeof AuthSession>;
