import { AppError, type CorePorts } from '@balcao/sdk';
import type { z } from 'zod';
import {
  PROMPT_DEFAULTS,
  type PromptDto,
  type PromptPageDto,
  type PromptVoice,
  type promptInputSchema,
} from '../shared/prompt.js';
import { openaiErrors } from './errors.js';
import { type IPrompt, Prompt } from './prompt.entity.js';

const PAGE_SIZE = 20;

type PromptBody = z.output<typeof promptInputSchema>;
export type PromptsDeps = Pick<CorePorts, 'em' | 'config' | 'queues'>;

/** Where a prompt's secrets are kept in the plugin's config namespace (encrypted at rest). */
export const apiKeyKey = (id: number) => `prompt-${id}-apiKey`;
export const voiceKeyKey = (id: number) => `prompt-${id}-voiceKey`;

const notFound = () => openaiErrors.raise('ERR_NO_PROMPT_FOUND');

/** The prompts of the request's company (`em`, `config` and `queues` are bound to it by the host). */
export class PromptsService {
  constructor(private readonly deps: PromptsDeps) {}

  async list(searchParam: string, pageNumber: number): Promise<PromptPageDto> {
    const where = searchParam ? { name: { $ilike: `%${escapeLike(searchParam)}%` } } : {};
    const [rows, count] = await this.deps.em.findAndCount(Prompt, where, {
      orderBy: { name: 'asc', id: 'asc' },
      limit: PAGE_SIZE,
      offset: PAGE_SIZE * (pageNumber - 1),
    });
    const queues = new Map((await this.deps.queues.list()).map((q) => [q.id, q]));
    const keys = new Set(await this.deps.config.keys());
    return {
      prompts: rows.map((p) => this.present(p, keys, queues)),
      count,
      hasMore: count > PAGE_SIZE * pageNumber,
    };
  }

  async find(id: number): Promise<PromptDto> {
    const row = await this.row(id);
    return this.presentOne(row);
  }

  /** The row of the company, or 404. */
  async row(id: number): Promise<IPrompt> {
    const row = await this.deps.em.findOne(Prompt, { id });
    if (!row) throw notFound();
    return row;
  }

  async create(companyId: number, body: PromptBody): Promise<PromptDto> {
    await this.checkQueue(body.queueId);
    const row = this.deps.em.create(Prompt, { companyId, ...this.fields(body) });
    await this.deps.em.flush();
    await this.storeSecrets(row.id, body);
    return this.presentOne(row);
  }

  async update(id: number, body: PromptBody): Promise<PromptDto> {
    const row = await this.row(id);
    await this.checkQueue(body.queueId);
    this.deps.em.assign(row, this.fields(body));
    await this.deps.em.flush();
    await this.storeSecrets(row.id, body);
    return this.presentOne(row);
  }

  async remove(id: number): Promise<void> {
    const row = await this.row(id);
    await this.deps.em.remove(row).flush();
    await this.deps.config.set(apiKeyKey(id), null);
    await this.deps.config.set(voiceKeyKey(id), null);
  }

  private fields(body: PromptBody) {
    return {
      name: body.name,
      prompt: body.prompt,
      voice: body.voice,
      voiceRegion: body.voiceRegion,
      maxTokens: body.maxTokens,
      temperature: body.temperature,
      maxMessages: body.maxMessages,
      baseUrl: body.baseUrl.replace(/\/+$/, ''),
      model: body.model,
      queueId: body.queueId,
    };
  }

  /** Blank or absent keys keep what is stored: the dialog never sees them, so it cannot send them back. */
  private async storeSecrets(id: number, body: PromptBody) {
    if (body.apiKey) await this.deps.config.set(apiKeyKey(id), body.apiKey);
    if (body.voiceKey) await this.deps.config.set(voiceKeyKey(id), body.voiceKey);
  }

  private async checkQueue(queueId: number) {
    if (!(await this.deps.queues.find(queueId)))
      throw new AppError('ERR_VALIDATION', 400, { fields: [{ path: 'queueId', message: 'Unknown queue' }] });
  }

  private async presentOne(row: IPrompt): Promise<PromptDto> {
    const keys = new Set(await this.deps.config.keys());
    const queue = row.queueId != null ? await this.deps.queues.find(row.queueId) : null;
    return this.present(row, keys, new Map(queue ? [[queue.id, queue]] : []));
  }

  private present(
    p: IPrompt,
    keys: Set<string>,
    queues: Map<number, { id: number; name: string }>,
  ): PromptDto {
    const queue = p.queueId != null ? queues.get(p.queueId) : undefined;
    return {
      id: p.id,
      name: p.name,
      prompt: p.prompt,
      voice: p.voice as PromptVoice,
      voiceRegion: p.voiceRegion,
      maxTokens: p.maxTokens,
      temperature: Number(p.temperature),
      maxMessages: p.maxMessages,
      baseUrl: p.baseUrl,
      model: p.model || PROMPT_DEFAULTS.model,
      queueId: p.queueId ?? null,
      queue: queue ? { id: queue.id, name: queue.name } : null,
      hasApiKey: keys.has(apiKeyKey(p.id)),
      hasVoiceKey: keys.has(voiceKeyKey(p.id)),
    };
  }
}

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);
