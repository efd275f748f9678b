import { randomBytes } from 'node:crypto';
import { type CorePorts, companyChannel } from '@balcao/sdk';
import {
  INTEGRATION_TOPIC,
  type IntegrationDetailDto,
  type IntegrationDto,
  type IntegrationFrame,
  type IntegrationInput,
  type IntegrationPageDto,
  type IntegrationType,
} from '../shared/integration.js';
import { type IIntegrationRecord, IntegrationRecord } from './entities.js';
import { integrationErrors } from './errors.js';

const PAGE_SIZE = 20;

/** Where a record's secrets sit in the plugin's encrypted configuration (config port). */
export const secretKeys = (id: number) => ({
  credentials: `record-${id}-credentials`,
  signing: `record-${id}-signing`,
});

const toDto = (r: IIntegrationRecord, hasCredentials: boolean): IntegrationDto => ({
  id: r.id,
  type: r.type as IntegrationType,
  name: r.name,
  projectName: r.projectName ?? null,
  language: (r.language ?? null) as IntegrationDto['language'],
  urlN8N: r.urlN8N ?? null,
  typebotSlug: r.typebotSlug ?? null,
  typebotExpires: r.typebotExpires,
  typebotDelayMessage: r.typebotDelayMessage,
  typebotKeywordFinish: r.typebotKeywordFinish ?? null,
  typebotKeywordRestart: r.typebotKeywordRestart ?? null,
  typebotUnknownMessage: r.typebotUnknownMessage ?? null,
  typebotRestartMessage: r.typebotRestartMessage ?? null,
  hasCredentials,
  createdAt: r.createdAt.toISOString(),
  updatedAt: r.updatedAt.toISOString(),
});

/**
 * The record as its live frame carries it: every socket of the company gets the frame (attendants too), so the signing
 * key the admin reads in the dialog stays out of it.
 */
function withoutSecret({ signingSecret: _secret, ...dto }: IntegrationDetailDto): IntegrationDto {
  return dto;
}

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

type Deps = Pick<CorePorts, 'em' | 'config' | 'realtime'>;

/** The company's queue integration records (`em` and `config` arrive bound to it). */
export class RecordsService {
  constructor(private readonly deps: Deps) {}

  async list(search: string, pageNumber: number): Promise<IntegrationPageDto> {
    const where = search ? { name: { $ilike: `%${escapeLike(search)}%` } } : {};
    const [rows, count] = await this.deps.em.findAndCount(IntegrationRecord, where, {
      orderBy: { name: 'asc', id: 'asc' },
      limit: PAGE_SIZE,
      offset: PAGE_SIZE * (pageNumber - 1),
    });
    const dtos = await Promise.all(rows.map((r) => this.dto(r)));
    return { queueIntegrations: dtos, count, hasMore: count > PAGE_SIZE * pageNumber };
  }

  async find(id: number): Promise<IIntegrationRecord | null> {
    return this.deps.em.findOne(IntegrationRecord, { id });
  }

  async show(id: number): Promise<IntegrationDetailDto> {
    const record = await this.mustFind(id);
    const signingSecret = await this.deps.config.get(secretKeys(id).signing);
    return { ...(await this.dto(record)), signingSecret };
  }

  async create(companyId: number, input: IntegrationInput): Promise<IntegrationDetailDto> {
    const { jsonContent, ...fields } = input;
    const record = this.deps.em.create(IntegrationRecord, { ...fields, companyId } as never);
    await this.deps.em.flush();
    await this.saveSecrets(record, jsonContent);
    const shown = await this.show(record.id);
    await this.publish(companyId, { action: 'create', queueIntegration: withoutSecret(shown) });
    return shown;
  }

  async update(companyId: number, id: number, input: IntegrationInput): Promise<IntegrationDetailDto> {
    const record = await this.mustFind(id);
    const { jsonContent, ...fields } = input;
    Object.assign(record, fields);
    await this.deps.em.flush();
    await this.saveSecrets(record, jsonContent);
    const shown = await this.show(record.id);
    await this.publish(companyId, { action: 'update', queueIntegration: withoutSecret(shown) });
    return shown;
  }

  async remove(companyId: number, id: number): Promise<void> {
    const record = await this.mustFind(id);
    await this.deps.em.removeAndFlush(record);
    const keys = secretKeys(id);
    await this.deps.config.set(keys.credentials, null);
    await this.deps.config.set(keys.signing, null);
    await this.publish(companyId, { action: 'delete', integrationId: id });
  }

  /** The stored service-account file of a dialogflow record. */
  credentials(id: number): Promise<string | null> {
    return this.deps.config.get(secretKeys(id).credentials);
  }

  /** The key n8n and webhook calls of the record are signed with. */
  signingSecret(id: number): Promise<string | null> {
    return this.deps.config.get(secretKeys(id).signing);
  }

  async mustFind(id: number): Promise<IIntegrationRecord> {
    const record = await this.find(id);
    if (!record) throw integrationErrors.raise('ERR_INTEGRATION_NOT_FOUND');
    return record;
  }

  /**
   * A dialogflow record keeps its key file (an edit that leaves it out keeps the stored one); n8n and webhook get a
   * signing key once. A type change drops what the new type does not use.
   */
  private async saveSecrets(record: IIntegrationRecord, jsonContent: string | null): Promise<void> {
    const keys = secretKeys(record.id);
    const { config } = this.deps;
    if (record.type === 'dialogflow') {
      if (jsonContent) await config.set(keys.credentials, jsonContent);
    } else await config.set(keys.credentials, null);
    if (record.type === 'n8n' || record.type === 'webhook') {
      if (!(await config.get(keys.signing))) await config.set(keys.signing, randomBytes(24).toString('hex'));
    } else await config.set(keys.signing, null);
  }

  private async dto(r: IIntegrationRecord): Promise<IntegrationDto> {
    const has =
      r.type === 'dialogflow' && (await this.deps.config.get(secretKeys(r.id).credentials)) !== null;
    return toDto(r, has);
  }

  private publish(companyId: number, data: IntegrationFrame): Promise<void> {
    return this.deps.realtime.publish({
      companyId,
      channel: companyChannel(companyId, INTEGRATION_TOPIC),
      data,
    });
  }
}
