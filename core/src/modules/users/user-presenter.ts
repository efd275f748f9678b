import type { Language, QueueRef, UserDto, UserProfile } from '@balcao/sdk';
import type { IUser } from './user.entity.js';

/** `queues` come from `loadUserQueues`, loaded for a whole page at once. */
export function toUserDto(user: IUser, queues: QueueRef[] = []): UserDto {
  return {
    id: user.id,
    companyId: user.companyId,
    name: user.name,
    email: user.email,
    profile: user.profile as UserProfile,
    super: user.super,
    profileImage: user.profileImage ?? null,
    startWork: user.startWork,
    endWork: user.endWork,
    farewellMessage: user.farewellMessage ?? null,
    whatsappId: user.whatsappId ?? null,
    wpp: user.wpp ?? null,
    allTicket: user.allTicket as UserDto['allTicket'],
    allowGroup: user.allowGroup,
    defaultTheme: user.defaultTheme as UserDto['defaultTheme'],
    defaultMenu: user.defaultMenu as UserDto['defaultMenu'],
    showAllTickets: user.showAllTickets,
    language: (user.language ?? null) as Language | null,
    online: user.online,
    queues,
    createdAt: user.createdAt.toISOString(),
  };
}
