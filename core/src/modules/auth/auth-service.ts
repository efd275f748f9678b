import { randomUUID } from 'node:crypto';
import {
  AppError,
  type AuthEvent,
  type AuthUser,
  companyChannel,
  type EventsPort,
  isSubscriptionExpired,
  type LoginInput,
  type RealtimePort,
  type SessionUserDto,
  type SignupInput,
  wppField,
} from '@balcao/sdk';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Clock } from '../../kernel/clock.js';
import { CompaniesService } from '../companies/companies-service.js';
import { Company } from '../companies/company.entity.js';
import { daysFromToday } from '../companies/company-presenter.js';
import { Plan } from '../plans/plan.entity.js';
import type { PlanGate } from '../plans/plan-gate.js';
import { SettingsService } from '../settings/settings-service.js';
import { hashPassword, needsRehash } from '../users/password-hash.js';
import { User } from '../users/user.entity.js';
import { publishPresence, recordPresence } from '../users/user-presence.js';
import { withinWorkHours } from '../users/work-hours.js';
import type { AccessGate } from './access-gate.js';
import { AuthSession } from './auth-session.entity.js';
import type { LoginLimiter } from './login-limiter.js';
import { openSession } from './open-session.js';
import { passwordMatches } from './password-check.js';
import { loadSessionUser } from './session-presenter.js';
import type { SignupLimiter } from './signup-limiter.js';
import { hashToken, REFRESH_TTL_MS, type Tokens } from './tokens.js';

export const SIGNUP_TRIAL_DAYS = 3;

/** What a signup answers: the same (nothing to read) whether the e-mail was new or already had an account. */
export type SignupAnswer = Record<string, never>;

export interface IssuedSession {
  token: string;
  refreshToken: string;
  user: SessionUserDto;
}

interface Deps {
  em: EntityManager;
  tokens: Tokens;
  realtime: RealtimePort;
  events: EventsPort;
  planGate: PlanGate;
  loginLimiter: LoginLimiter;
  accessGate: AccessGate;
  signupLimiter: SignupLimiter;
  clock: Clock;
}

/** Login, refresh-token rotation, logout and signup. Runs before a tenant is known: queries say `filters: false`. */
/** A company switched off (its "Active" switch) lets nobody in; the platform's company cannot be switched off. */
function assertActive(company: { status: boolean }): void {
  if (!company.status) throw new AppError('ERR_COMPANY_INACTIVE', 403);
}

export class AuthService {
  constructor(private readonly deps: Deps) {}

  async login(input: LoginInput, client: { ip: string; userAgent?: string }): Promise<IssuedSession> {
    const { em, loginLimiter } = this.deps;
    const email = input.email.trim().toLowerCase();
    const attempt = await loginLimiter.attempt(email, client.ip);
    const user = await em.findOne(User, { email }, { filters: false });
    // Compared even when there is no such user: the answer takes as long as for a known one.
    const matches = await passwordMatches(input.password, user?.passwordHash);
    if (!user || !matches) {
      await attempt.failed();
      throw new AppError('ERR_INVALID_CREDENTIALS', 401);
    }
    await attempt.succeeded();
    const company = await em.findOneOrFail(Company, { id: user.companyId });
    assertActive(company);
    if (isSubscriptionExpired(company))
      throw new AppError('ERR_SUBSCRIPTION_EXPIRED', 402, { dueDate: company.dueDate });
    // An attendant (profile user) signs in only within their working hours (spec part 1 ERR_OUT_OF_HOURS, GB's
    // login); admins and supervisors always may, so nobody can lock the company out. Sessions already open go on.
    if (user.profile === 'user' && !withinWorkHours(user.startWork, user.endWork, this.deps.clock.now()))
      throw new AppError('ERR_OUT_OF_HOURS', 403, { startWork: user.startWork, endWork: user.endWork });

    // One session per account: a new login ends the others and tells them so. A hash made at a lower cost than
    // today's is rewritten while the password is at hand.
    const rehash = needsRehash(user.passwordHash) ? await hashPassword(input.password) : null;
    const sessionId = randomUUID();
    const refresh = this.deps.tokens.refresh(sessionId);
    const cameOnline = !user.online;
    const now = new Date();
    const ended = await openSession(
      em,
      {
        id: sessionId,
        companyId: user.companyId,
        userId: user.id,
        tokenHash: refresh.hash,
        expiresAt: new Date(now.getTime() + REFRESH_TTL_MS),
        ip: client.ip.slice(0, 64),
        userAgent: client.userAgent?.slice(0, 255) ?? null,
        cameOnline,
        rehash,
      },
      now,
    );
    if (cameOnline) {
      await publishPresence(this.deps.realtime, user.companyId, user.id, true);
      await this.deps.events.emit('user.presence', {
        companyId: user.companyId,
        userId: user.id,
        online: true,
      });
    }

    const event: AuthEvent = { action: 'update', user: { id: user.id }, sessionId };
    await this.deps.realtime.publish({
      companyId: user.companyId,
      channel: companyChannel(user.companyId, 'auth'),
      data: event,
    });
    // Told first (the other tab says why it was signed out), then the earlier sessions' tokens and sockets end.
    await this.deps.accessGate.end(ended);
    await this.deps.events.emit('user.login', { companyId: user.companyId, userId: user.id });
    // The answer shows what the statement wrote; this request's entities are left as read (clean: a later flush of
    // this entity manager writes nothing again).
    const issued = await this.issue(user.id, sessionId, refresh.token);
    const signedIn = { ...issued.user.company, lastLogin: now.toISOString() };
    return { ...issued, user: { ...issued.user, online: true, company: signedIn } };
  }

  /** Rotates the refresh token. A token that was already rotated away revokes its session (theft). */
  async refresh(refreshToken: string | undefined): Promise<IssuedSession> {
    const { em, tokens } = this.deps;
    const sessionId = tokens.checkRefresh(refreshToken);
    const session = sessionId ? await em.findOne(AuthSession, { id: sessionId }, { filters: false }) : null;
    if (!session || session.revokedAt || session.expiresAt < new Date())
      throw new AppError('ERR_SESSION_EXPIRED', 401);
    if (session.tokenHash !== hashToken(refreshToken ?? '')) {
      session.revokedAt = new Date();
      await em.flush();
      await this.deps.accessGate.end([session.id]);
      throw new AppError('ERR_SESSION_EXPIRED', 401);
    }
    const company = await em.findOneOrFail(Company, { id: session.companyId });
    assertActive(company);
    if (isSubscriptionExpired(company))
      throw new AppError('ERR_SUBSCRIPTION_EXPIRED', 402, { dueDate: company.dueDate });
    const next = tokens.refresh(session.id);
    session.tokenHash = next.hash;
    session.expiresAt = new Date(Date.now() + REFRESH_TTL_MS);
    await em.flush();
    return this.issue(session.userId, session.id, next.token);
  }

  async logout(sessionId: string | null): Promise<void> {
    if (!sessionId) return;
    const { em } = this.deps;
    const session = await em.findOne(AuthSession, { id: sessionId }, { filters: false });
    if (!session || session.revokedAt) return;
    session.revokedAt = new Date();
    await em.flush();
    await this.deps.accessGate.end([session.id]);
    await recordPresence(
      em,
      this.deps.realtime,
      { id: session.userId, companyId: session.companyId },
      false,
      this.deps.events,
    );
  }

  me(user: AuthUser): Promise<SessionUserDto> {
    return loadSessionUser(this.deps.em, user.id);
  }

  /**
   * Public signup: a company on a 3-day trial with its first admin user. Limited per address. An e-mail that already
   * has an account (in any company) gets the same answer as a new one, after as long: the form does not tell who has
   * an account here. That e-mail's owner can already log in (or recover the password); nothing is created.
   */
  async signup(input: SignupInput, client: { ip: string }): Promise<SignupAnswer> {
    const { em, planGate, events } = this.deps;
    await this.deps.signupLimiter.attempt(client.ip);
    if ((await new SettingsService({ em }).getPlatform('userCreation')) === 'disabled') {
      throw new AppError('ERR_USER_CREATION_DISABLED', 403);
    }
    // A private plan is not offered: answered as an unknown one, so its existence is not told either.
    if (!(await em.findOne(Plan, { id: input.planId, isPublic: true }, { fields: ['id'] })))
      throw new AppError('ERR_NO_PLAN_FOUND', 404);
    const companies = new CompaniesService({ em, planGate, events });
    try {
      await companies.create(
        {
          name: input.companyName,
          email: input.email,
          phone: input.phone,
          planId: input.planId,
          status: true,
          recurrence: 'MENSAL',
          dueDate: daysFromToday(SIGNUP_TRIAL_DAYS),
        },
        {
          name: input.name,
          email: input.email,
          password: input.password,
          wpp: await this.freeWpp(input.phone),
        },
      );
    } catch (err) {
      if (!(err instanceof AppError) || err.code !== 'ERR_DUPLICATED_EMAIL') throw err;
      // The password hash a new account costs, so the time does not tell either.
      await hashPassword(input.password);
    }
    return {};
  }

  /**
   * The signup phone as the admin's WhatsApp number, so they can reset a forgotten password: only a valid number no
   * other account holds (a number finds one account); otherwise none, and they can add it in their profile.
   */
  private async freeWpp(phone: string): Promise<string | null> {
    const parsed = wppField.safeParse(phone);
    if (!parsed.success) return null;
    const taken = await this.deps.em.findOne(User, { wpp: parsed.data }, { filters: false, fields: ['id'] });
    return taken ? null : parsed.data;
  }

  private async issue(userId: number, sessionId: string, refreshToken: string): Promise<IssuedSession> {
    const user = await loadSessionUser(this.deps.em, userId);
    const authUser: AuthUser = {
      id: user.id,
      companyId: user.companyId,
      profile: user.profile,
      super: user.super,
      sessionId,
    };
    return { token: this.deps.tokens.access(authUser), refreshToken, user };
  }
}
