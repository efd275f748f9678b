import type { ChannelInfo } from './channel-traits.js';
import type { PlanFlags, Recurrence } from './plans.js';
import type { Language, UserProfile } from './schemas/users.js';

/** A plan as the API answers it. @example plan.useKanban */
export interface PlanDto extends PlanFlags {
  id: number;
  name: string;
  users: number;
  connections: number;
  queues: number;
  amount: number;
  /** Offered on `/signup` (`GET /api/plans/list`); a private plan is given by the super admin only. */
  isPublic: boolean;
}

/** A company as the API answers it. @example company.dueDate === '2026-12-31' */
export interface CompanyDto {
  id: number;
  name: string;
  email: string | null;
  phone: string | null;
  document: string | null;
  planId: number;
  plan?: PlanDto;
  status: boolean;
  dueDate: string | null;
  recurrence: Recurrence;
  paymentMethod: string | null;
  /** Attendants and connections the super user recorded on the company form (the plan's counts are enforced). */
  numberAttendants: number;
  numberConections: number;
  createdAt: string;
  lastLogin: string | null;
}

/** A help video (spec part 2 §3 Help): `video` is a YouTube video id. @example help.video === 'dQw4w9WgXcQ' */
export interface HelpDto {
  id: number;
  title: string;
  description: string;
  video: string;
  createdAt: string;
  updatedAt: string;
}

/** A queue reference on a user. @example { id: 1, name: 'Vendas', color: '#2e7d32' } */
export interface QueueRef {
  id: number;
  name: string;
  color: string;
}

/** A user as the API answers it (never the password). @example user.profile === 'admin' */
export interface UserDto {
  id: number;
  companyId: number;
  name: string;
  email: string;
  profile: UserProfile;
  super: boolean;
  profileImage: string | null;
  startWork: string;
  endWork: string;
  farewellMessage: string | null;
  whatsappId: number | null;
  /** The user's WhatsApp number (digits), where a password-reset code goes; null: none given. */
  wpp: string | null;
  allTicket: 'enable' | 'disable';
  allowGroup: boolean;
  defaultTheme: 'light' | 'dark';
  defaultMenu: 'open' | 'closed';
  /** The ticket list's Show all switch as the user last left it (kept on the server, across sign-ins). */
  showAllTickets: boolean;
  language: Language | null;
  online: boolean;
  queues: QueueRef[];
  createdAt: string;
}

/** A company setting row. @example { key: 'requiredTag', value: 'enabled' } */
export interface SettingDto {
  key: string;
  value: string;
}

/** The signed-in user with company, plan and settings: the answer of login, refresh and me. @example session.user.company.plan.useKanban */
export interface SessionUserDto extends UserDto {
  company: CompanyDto & { plan: PlanDto };
  companieSettings: SettingDto[];
}

/** `POST /api/auth/login` and `/refresh_token` answer. @example const { token, user } = await res.json() */
export interface AuthResponse {
  token: string;
  user: SessionUserDto;
}

/** A plan flag a plugin declares, labelled in the caller's language. @example { key: 'useTour', labelKey: 'tour:planFlag', label: 'Platform tour' } */
export interface PluginPlanFlagDto {
  key: string;
  labelKey: string;
  /** `labelKey` translated from the plugin's locales (the language asked, else the user's, else the fallback). */
  label: string;
}

/**
 * One loaded plugin (`GET /api/plugins` lists every one): whether the current tenant has it (`enabled`: its plan
 * carries the plugin's flag), the plan flags it declares, and the channel kinds it contributes to this tenant (empty
 * when not enabled; the connections screen offers a new connection only on these).
 * @example { name: 'webchat', enabled: true, planFlag: null, planFlags: [], channels: ['webchat'] }
 */
export interface PluginInfoDto {
  name: string;
  /** The tenant's plan carries the plugin's flag (or the plugin has none): its routes, pages and menu are on. */
  enabled: boolean;
  planFlag: string | null;
  /** The flags the plugin declares (the plans dialog groups them under the plugin). */
  planFlags: PluginPlanFlagDto[];
  channels: string[];
  /** The same channels with their declared traits (the UI decides by these, never by a channel's name). */
  channelTraits: ChannelInfo[];
}
