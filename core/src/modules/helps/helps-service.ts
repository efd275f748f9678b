import { AppError, type HelpCreateInput, type HelpDto, type HelpUpdateInput } from '@balcao/sdk';
import type { EntityManager } from '@mikro-orm/postgresql';
import { Help, type IHelp } from './help.entity.js';

const toHelpDto = (help: IHelp): HelpDto => ({
  id: help.id,
  title: help.title,
  description: help.description,
  video: help.video,
  createdAt: help.createdAt.toISOString(),
  updatedAt: help.updatedAt.toISOString(),
});

/** Help videos: everyone reads them, super users write them. */
export class HelpsService {
  private readonly em: EntityManager;

  constructor({ em }: { em: EntityManager }) {
    this.em = em;
  }

  async list(): Promise<HelpDto[]> {
    return (await this.em.find(Help, {}, { orderBy: { title: 'asc', id: 'asc' } })).map(toHelpDto);
  }

  async get(id: number): Promise<HelpDto> {
    return toHelpDto(await this.find(id));
  }

  async create(input: HelpCreateInput): Promise<HelpDto> {
    const help = this.em.create(Help, input);
    await this.em.flush();
    return toHelpDto(help);
  }

  async update(id: number, input: HelpUpdateInput): Promise<HelpDto> {
    const help = await this.find(id);
    this.em.assign(help, Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined)));
    await this.em.flush();
    return toHelpDto(help);
  }

  async remove(id: number): Promise<void> {
    await this.em.remove(await this.find(id)).flush();
  }

  private async find(id: number): Promise<IHelp> {
    const help = await this.em.findOne(Help, { id });
    if (!help) throw new AppError('ERR_NO_HELP_FOUND', 404);
    return help;
  }
}
