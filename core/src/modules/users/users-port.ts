import type { UserDto, UsersPort } from '@balcao/sdk';
import type { EntityManager } from '@mikro-orm/postgresql';
import { loadUserQueues } from '../queues/user-queues.js';
import { User } from './user.entity.js';
import { toUserDto } from './user-presenter.js';

/** UsersPort for one company: its users with their queues (no secrets: the DTO has no password). */
export class CompanyUsersPort implements UsersPort {
  constructor(
    private readonly em: EntityManager,
    private readonly companyId: number,
  ) {}

  async list(): Promise<UserDto[]> {
    const users = await this.em.find(
      User,
      { companyId: this.companyId },
      { orderBy: { name: 'asc', id: 'asc' } },
    );
    const queues = await loadUserQueues(
      this.em,
      this.companyId,
      users.map((u) => u.id),
    );
    return users.map((u) => toUserDto(u, queues.get(u.id)));
  }

  async find(userId: number): Promise<UserDto | null> {
    const user = await this.em.findOne(User, { id: userId, companyId: this.companyId });
    if (!user) return null;
    const queues = await loadUserQueues(this.em, this.companyId, [user.id]);
    return toUserDto(user, queues.get(user.id));
  }
}
