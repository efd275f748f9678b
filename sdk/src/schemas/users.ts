import { z } from 'zod';
import { LANGUAGES } from '../languages.js';
import { displayName, emailField, idField, timeField } from './common.js';
import { userWppField } from './recovery.js';

/** User profiles. @example USER_PROFILES.includes('supervisor') */
export const USER_PROFILES = ['admin', 'supervisor', 'user'] as const;
export type UserProfile = (typeof USER_PROFILES)[number];

export * from '../languages.js';

const userFields = {
  name: displayName(2, 50),
  email: emailField,
  password: z.string().min(5, 'Too Short!').max(50, 'Too Long!'),
  profile: z.enum(USER_PROFILES).default('user'),
  startWork: timeField.default('00:00'),
  endWork: timeField.default('23:59'),
  farewellMessage: z.string().max(1000).nullish(),
  whatsappId: idField.nullish(),
  /** The user's own WhatsApp number, where a password-reset code goes; unique across the platform. */
  wpp: userWppField,
  allTicket: z.enum(['enable', 'disable']).default('disable'),
  allowGroup: z.boolean().default(false),
  defaultTheme: z.enum(['light', 'dark']).default('light'),
  defaultMenu: z.enum(['open', 'closed']).default('open'),
  language: z.enum(LANGUAGES).nullish(),
  queueIds: z.array(idField).default([]),
};

/** `POST /api/users`. @example userCreateSchema.parse({ name: 'Ana', email: 'a@b.co', password: '12345' }) */
export const userCreateSchema = z.object(userFields);
export type UserCreateInput = z.infer<typeof userCreateSchema>;

/** `PUT /api/users/{id}`: every field optional, password only when changed. @example userUpdateSchema.parse({ language: 'en' }) */
export const userUpdateSchema = z.object({
  name: userFields.name.optional(),
  email: userFields.email.optional(),
  password: z.union([z.literal(''), userFields.password]).optional(),
  /** Asked when users change their own password. */
  currentPassword: z.string().max(50, 'Too Long!').optional(),
  profile: z.enum(USER_PROFILES).optional(),
  startWork: timeField.optional(),
  endWork: timeField.optional(),
  farewellMessage: userFields.farewellMessage,
  whatsappId: userFields.whatsappId,
  wpp: userFields.wpp,
  allTicket: z.enum(['enable', 'disable']).optional(),
  allowGroup: z.boolean().optional(),
  defaultTheme: z.enum(['light', 'dark']).optional(),
  defaultMenu: z.enum(['open', 'closed']).optional(),
  /** The ticket list's Show all switch, saved by the user's own list. */
  showAllTickets: z.boolean().optional(),
  language: userFields.language,
  queueIds: z.array(idField).optional(),
});
export type UserUpdateInput = z.infer<typeof userUpdateSchema>;
