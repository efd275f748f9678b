import { defineEntity, type InferEntity, tenantFilter } from '@balcao/sdk/orm';

/** A queue integration record (spec part 2 §3). Its secrets live in the config port, encrypted, not here. */
export const IntegrationRecord = defineEntity({
  name: 'QueueIntegrationRecord',
  tableName: 'queue_integrations_records',
  filters: tenantFilter,
  properties: (p) => ({
    id: p.integer().primary().autoincrement(),
    companyId: p.integer(),
    type: p.string(),
    name: p.string(),
    projectName: p.string().nullable(),
    language: p.string().nullable(),
    urlN8N: p.string().fieldName('url_n8n').nullable(),
    typebotSlug: p.string().nullable(),
    typebotExpires: p.integer(),
    typebotDelayMessage: p.integer(),
    typebotKeywordFinish: p.string().nullable(),
    typebotKeywordRestart: p.string().nullable(),
    typebotUnknownMessage: p.text().nullable(),
    typebotRestartMessage: p.text().nullable(),
    createdAt: p.datetime().onCreate(() => new Date()),
    updatedAt: p
      .datetime()
      .onCreate(() => new Date())
      .onUpdate(() => new Date()),
  }),
});
export type IIntegrationRecord = InferEntity<typeof IntegrationRecord>;

/**
 * An engine's conversation state for one ticket (peer §2.6: typebotSessionId and typebotSessionTime; the choices a
 * numbered list offered). One row per ticket: a ticket talks to one integration at a time.
 */
export const IntegrationSession = defineEntity({
  name: 'QueueIntegrationSession',
  tableName: 'queue_integrations_sessions',
  filters: tenantFilter,
  properties: (p) => ({
    ticketId: p.integer().primary(),
    companyId: p.integer(),
    integrationId: p.integer(),
    sessionId: p.string().nullable(),
    startedAt: p.datetime(),
    choices: p.json<string[]>().nullable(),
  }),
});
export type IIntegrationSession = InferEntity<typeof IntegrationSession>;
