import {
  AppError,
  type AuthUser,
  companyChannel,
  type EventsPort,
  type RealtimePort,
  type UserCreateInput,
  type UserDto,
  type UserProfile,
  type UserUpdateInput,
} from '@balcao/sdk';
import type { EntityManager } from '@mikro-orm/postgresql';
import { definedOnly } from '../../http/validate.js';
import type { AccessGate } from '../auth/access-gate.js';
import { AuthSession } from '../auth/auth-session.entity.js';
import { revokeSessions } from '../auth/revoke-sessions.js';
import { Company } from '../companies/company.entity.js';
import { assertProfileImage, storeMedia, type UploadedFile } from '../messages/media-storage.js';
import { Plan } from '../plans/plan.entity.js';
import { assertCompanyQueues, loadUserQueues, replaceUserQueues } from '../queues/user-queues.js';
import { assertOwned } from '../tickets/ticket-lookups.js';
import { hashPassword, verifyPassword } from './password-hash.js';
import { type IUser, User } from './user.entity.js';
import { toUserDto } from './user-presenter.js';

export const PAGE_SIZE = 20;
export { hashPassword } from './password-hash.js';

/** Fields only an admin may change on a user (spec: user-modal:editProfile and editQueues). */
const ADMIN_ONLY_FIELDS = [
  'profile',
  'allTicket',
  'allowGroup',
  'queueIds',
  'startWork',
  'endWork',
  'whatsappId',
] as const;

/** Profiles from least to most powerful: nobody but a super user gives a profile above their own. */
const PROFILE_RANK: Record<UserProfile, number> = { user: 0, supervisor: 1, admin: 2 };

/** Fields that decide which tickets a user sees (spec part 1 §6); changing them refreshes the user's live sockets. */
const ACCESS_FIELDS = ['profile', 'allTicket', 'allowGroup'] as const;

/** Users of the current tenant; the entity manager carries the tenant filter. */
export class UsersService {
  private readonly em: EntityManager;
  private readonly realtime: RealtimePort;
  private readonly events: EventsPort | undefined;
  private readonly dataDir: string;
  private readonly accessGate: Pick<AccessGate, 'end' | 'usersChanged'> | undefined;

  constructor({
    em,
    realtime,
    events,
    config,
    accessGate,
  }: {
    em: EntityManager;
    realtime: RealtimePort;
    events?: EventsPort;
    config: { dataDir: string };
    accessGate?: Pick<AccessGate, 'end' | 'usersChanged'>;
  }) {
    this.events = events;
    this.accessGate = accessGate;
    this.em = em;
    this.realtime = realtime;
    this.dataDir = config.dataDir;
  }

  async list(searchParam: string, pageNumber: number) {
    const term = `%${searchParam.toLowerCase()}%`;
    const where = searchParam ? { $or: [{ name: { $ilike: term } }, { email: { $ilike: term } }] } : {};
    const [rows, count] = await this.em.findAndCount(User, where, {
      orderBy: { name: 'asc', id: 'asc' },
      limit: PAGE_SIZE,
      offset: PAGE_SIZE * (pageNumber - 1),
    });
    return { users: await this.present(rows), count, hasMore: count > PAGE_SIZE * pageNumber };
  }

  async listNames(): Promise<{ id: number; name: string }[]> {
    const rows = await this.em.find(User, {}, { fields: ['id', 'name'], orderBy: { name: 'asc' } });
    return rows.map((u) => ({ id: u.id, name: u.name }));
  }

  async get(id: number): Promise<UserDto> {
    const [dto] = await this.present([await this.find(id)]);
    return dto;
  }

  async create(actor: AuthUser, companyId: number, input: UserCreateInput): Promise<UserDto> {
    assertMayGrant(actor, input.profile);
    await this.assertEmailFree(input.email);
    await this.assertWppFree(input.wpp);
    await this.assertWithinPlan(companyId);
    await assertCompanyQueues(this.em, companyId, input.queueIds);
    await assertOwned(this.em, 'whatsapps', input.whatsappId, companyId);
    const { password, queueIds, ...fields } = input;
    const user = this.em.create(User, { ...fields, companyId, passwordHash: await hashPassword(password) });
    await this.em.flush();
    await replaceUserQueues(this.em, companyId, user.id, queueIds);
    const [dto] = await this.present([user]);
    await this.publish(companyId, { action: 'create', user: dto });
    return dto;
  }

  async update(actor: AuthUser, id: number, input: UserUpdateInput): Promise<UserDto> {
    const isAdmin = actor.profile === 'admin';
    if (!isAdmin && actor.id !== id) throw new AppError('ERR_NO_PERMISSION', 403);
    if (!isAdmin && ADMIN_ONLY_FIELDS.some((f) => input[f] !== undefined)) {
      throw new AppError('ERR_NO_PERMISSION', 403);
    }
    const user = await this.find(id);
    assertMayManage(actor, user);
    if (input.profile) assertMayGrant(actor, input.profile);
    const wppChanged = input.wpp !== undefined && (input.wpp ?? null) !== (user.wpp ?? null);
    const emailChanged = input.email !== undefined && input.email !== user.email;
    // The number receives password-reset codes and the e-mail is the login: changing one's own is as sensitive as
    // changing the password (a borrowed session must not take the account over).
    if ((password(input) || wppChanged || emailChanged) && actor.id === id)
      await assertCurrentPassword(user, input.currentPassword);
    if (emailChanged) await this.assertEmailFree(input.email as string);
    if (wppChanged) await this.assertWppFree(input.wpp);
    if (input.queueIds) await assertCompanyQueues(this.em, user.companyId, input.queueIds);
    // A default connection of another company would be stored and then used to send (tenant isolation).
    await assertOwned(this.em, 'whatsapps', input.whatsappId, user.companyId);
    const profileChanged = input.profile !== undefined && input.profile !== user.profile;
    const { password: newPassword, currentPassword: _checked, queueIds, ...fields } = input;
    this.em.assign(user, definedOnly(fields));
    if (newPassword) user.passwordHash = await hashPassword(newPassword);
    await this.em.flush();
    if (queueIds) await replaceUserQueues(this.em, user.companyId, user.id, queueIds);
    const [dto] = await this.present([user]);
    await this.publish(user.companyId, { action: 'update', user: dto });
    if (newPassword && actor.id !== id) await this.endSessions(id);
    // The guards read the new profile at the user's next request; their sockets, opened as the old one, reconnect.
    else if (profileChanged) await this.accessGate?.usersChanged([id]);
    if (queueIds || ACCESS_FIELDS.some((f) => input[f] !== undefined))
      await this.events?.emit('user.accessChanged', { companyId: user.companyId, userId: user.id });
    return dto;
  }

  /** An admin set this user's password: whoever holds the user's sessions is signed out, on every instance. */
  private async endSessions(userId: number): Promise<void> {
    await this.accessGate?.end(await revokeSessions(this.em, { userId }));
  }

  /**
   * A new profile image (`POST /users/{id}/media-upload`, spec part 1 §7): the user's own, or any of the company's
   * for an admin. Stored with the company's media (a random name, served by `/api/media`); the old file stays, as a
   * message's media do.
   */
  async setProfileImage(actor: AuthUser, id: number, file: UploadedFile): Promise<UserDto> {
    if (actor.profile !== 'admin' && actor.id !== id) throw new AppError('ERR_NO_PERMISSION', 403);
    const user = await this.find(id);
    assertMayManage(actor, user);
    assertProfileImage(file);
    const stored = await storeMedia(this.dataDir, user.companyId, file);
    user.profileImage = stored.mediaUrl;
    await this.em.flush();
    const [dto] = await this.present([user]);
    await this.publish(user.companyId, { action: 'update', user: dto });
    return dto;
  }

  async remove(actor: AuthUser, id: number): Promise<void> {
    if (actor.id === id) throw new AppError('ERR_NO_PERMISSION', 403);
    const user = await this.find(id);
    assertMayManage(actor, user);
    const sessions = await this.em.find(AuthSession, { userId: id, revokedAt: null }, { fields: ['id'] });
    await this.em.remove(user).flush();
    // The user's sessions went with the row (cascade): their tokens and sockets end now.
    await this.accessGate?.end(sessions.map((s) => s.id));
    await this.publish(user.companyId, { action: 'delete', userId: id });
  }

  /** DTOs with each user's queues, loaded for all of them in one query. */
  private async present(users: IUser[]): Promise<UserDto[]> {
    if (users.length === 0) return [];
    const queues = await loadUserQueues(
      this.em,
      users[0].companyId,
      users.map((u) => u.id),
    );
    return users.map((u) => toUserDto(u, queues.get(u.id)));
  }

  private async find(id: number) {
    const user = await this.em.findOne(User, { id });
    if (!user) throw new AppError('ERR_NO_USER_FOUND', 404);
    return user;
  }

  private async assertEmailFree(email: string): Promise<void> {
    const taken = await this.em.findOne(
      User,
      { email: email.toLowerCase() },
      { filters: false, fields: ['id'] },
    );
    if (taken) throw new AppError('ERR_DUPLICATED_EMAIL', 409);
  }

  /** A number finds one account for a password reset: no two users, of any company, share it. */
  private async assertWppFree(wpp: string | null | undefined): Promise<void> {
    if (!wpp) return;
    const taken = await this.em.findOne(User, { wpp }, { filters: false, fields: ['id'] });
    if (taken) throw new AppError('ERR_DUPLICATED_WPP', 409);
  }

  private async assertWithinPlan(companyId: number): Promise<void> {
    const company = await this.em.findOneOrFail(Company, { id: companyId });
    const plan = await this.em.findOneOrFail(Plan, { id: company.planId });
    // A limit of the plan, not a permission: 409, so the UI shows it rather than refreshing its token (a 403).
    if ((await this.em.count(User, {})) >= plan.users) throw new AppError('ERR_USER_LIMIT_REACHED', 409);
  }

  private publish(companyId: number, data: unknown): Promise<void> {
    return this.realtime.publish({ companyId, channel: companyChannel(companyId, 'user'), data });
  }
}

const password = (input: UserUpdateInput): string | undefined => input.password || undefined;

/** Only a super user changes a super user (password, e-mail, profile, photo, removal): an admin cannot take one over. */
function assertMayManage(actor: AuthUser, target: IUser): void {
  if (target.super && !actor.super) throw new AppError('ERR_NO_PERMISSION', 403);
}

/** Nobody but a super user gives a profile above their own. */
function assertMayGrant(actor: AuthUser, profile: UserProfile): void {
  if (actor.super) return;
  const own = PROFILE_RANK[actor.profile as UserProfile] ?? 0;
  if (PROFILE_RANK[profile] > own) throw new AppError('ERR_NO_PERMISSION', 403);
}

/** Changing one's own password, number or e-mail asks for the current password (a borrowed session cannot lock its owner out). */
async function assertCurrentPassword(user: IUser, current: string | undefined): Promise<void> {
  if (!current)
    throw new AppError('ERR_VALIDATION', 400, { fields: [{ path: 'currentPassword', message: 'Required' }] });
  if (!(await verifyPassword(current, user.passwordHash)))
    throw new AppError('ERR_WRONG_PASSWORD', 403, {
      fields: [{ path: 'currentPassword', message: 'Wrong password' }],
    });
}
