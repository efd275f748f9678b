import { z } from 'zod';
import { displayName, emailField, idField, timeField } from './common.js';

/** User profiles. @example USER_PROFILES.includes('supervisor') */
export const USER_PROFILES = ['admin', 'supervisor', 'user'] as const;
export type UserProfile = (typeof USER_PROFILES)[number];

/** Interface languages; `es` is the fallback. @example LANGUAGES[0] === 'pt-BR' */
export const LANGUAGES = ['pt-BR', 'en', 'es', 'tr'] as const;
export type Language = (typeof LANGUAGES)[number];

/** Spec part 1 §1: Spanish is the fallback language. */
export const FALLBACK_LANGUAGE: Language = 'es';

/**
 * Maps a browser language tag (pt, pt-PT, en-US, es-419, tr-TR…) to a supported language; null for any other.
 * @example matchLanguage('en-GB') === 'en'; matchLanguage('pt') === 'pt-BR'
 */
export function matchLanguage(tag: string): Language | null {
  const lower = tag.trim().toLowerCase();
  if (lower.startsWith('pt')) return 'pt-BR';
  return LANGUAGES.find((lang) => lower === lang.toLowerCase() || lower.startsWith(`${lang}-`)) ?? null;
}

/**
 * The first supported language of an `Accept-Language` header, by its q weights; the fallback when none is.
 * @example acceptedLanguage('fr-FR, tr;q=0.8, en;q=0.5') === 'tr'
 */
export function acceptedLanguage(header: string | null | undefined): Language {
  const tags = (header ?? '')
    .split(',')
    .map((part, i) => {
      const [tag = '', ...params] = part.split(';');
      const q = Number(
        params
          .find((p) => p.trim().startsWith('q='))
          ?.trim()
          .slice(2) ?? 1,
      );
      return { tag, q: Number.isFinite(q) ? q : 0, i };
    })
    .filter((t) => t.q > 0)
    .sort((a, b) => b.q - a.q || a.i - b.i);
  for (const { tag } of tags) {
    const lang = matchLanguage(tag);
    if (lang) return lang;
  }
  return FALLBACK_LANGUAGE;
}

const userFields = {
  name: displayName(2, 50),
  email: emailField,
  password: z.string().min(5, 'Too Short!').max(50, 'Too Long!'),
  profile: z.enum(USER_PROFILES).default('user'),
  startWork: timeField.default('00:00'),
  endWork: timeField.default('23:59'),
  farewellMessage: z.string().max(1000).nullish(),
  whatsappId: idField.nullish(),
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
  allTicket: z.enum(['enable', 'disable']).optional(),
  allowGroup: z.boolean().optional(),
  defaultTheme: z.enum(['light', 'dark']).optional(),
  defaultMenu: z.enum(['open', 'closed']).optional(),
  language: userFields.language,
  queueIds: z.array(idField).optional(),
});
export type UserUpdateInput = z.infer<typeof userUpdateSchema>;
