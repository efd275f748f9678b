import { type CorePorts, companyChannel } from '@balcao/sdk';
import type { GreetingDto, GreetingPageDto } from '../shared/greeting.js';
import { Greeting, type IGreeting } from './greeting.entity.js';

const PAGE_SIZE = 20;

/** The presenter: what clients see of a greeting. */
export const toGreetingDto = (g: IGreeting): GreetingDto => ({
  id: g.id,
  message: g.message,
  processedAt: g.processedAt?.toISOString() ?? null,
  createdAt: g.createdAt.toISOString(),
});

/** Greetings of the current company: `em` arrives already scoped to it by the host. */
export class GreetingsService {
  private readonly em: CorePorts['em'];
  private readonly jobs: CorePorts['jobs'];
  private readonly realtime: CorePorts['realtime'];

  constructor({ em, jobs, realtime }: Pick<CorePorts, 'em' | 'jobs' | 'realtime'>) {
    this.em = em;
    this.jobs = jobs;
    this.realtime = realtime;
  }

  async list(pageNumber: number): Promise<GreetingPageDto> {
    const [rows, count] = await this.em.findAndCount(
      Greeting,
      {},
      { orderBy: { id: 'desc' }, limit: PAGE_SIZE, offset: PAGE_SIZE * (pageNumber - 1) },
    );
    return { greetings: rows.map(toGreetingDto), hasMore: count > PAGE_SIZE * pageNumber };
  }

  /** Stores the greeting, then hands the slow part to the `process` job. */
  async create(companyId: number, message: string): Promise<GreetingDto> {
    const greeting = this.em.create(Greeting, { companyId, message });
    await this.em.flush();
    await this.jobs.now('process', { companyId, greetingId: greeting.id });
    return toGreetingDto(greeting);
  }

  /** Stamps the greeting and tells the company's open screens. */
  async markProcessed(id: number): Promise<void> {
    const greeting = await this.em.findOneOrFail(Greeting, { id });
    greeting.processedAt = new Date();
    await this.em.flush();
    const { companyId } = greeting;
    await this.realtime.publish({
      companyId,
      channel: companyChannel(companyId, 'hello'),
      data: { action: 'update', greeting: toGreetingDto(greeting) },
    });
  }
}
