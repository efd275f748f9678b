import { boundedString, hasNul, idField, pageNumberField } from '@balcao/sdk/rest';
import { z } from 'zod';

/** Realtime topics (`company-{id}-ContactList`, `company-{id}-ContactListItem`), as the peer names them. */
export const LIST_TOPIC = 'ContactList';
export const ITEM_TOPIC = 'ContactListItem';
/** The WhatsApp check's answers (`company-{id}-ContactListCheck`), apart so a page patches one row, not reloads. */
export const CHECK_TOPIC = 'ContactListCheck';

/** Rows of a list page and of an items page (infinite scroll asks for the next page). */
export const PAGE_SIZE = 20;

/** `POST /contact-lists`, `PUT /contact-lists/:id` (spec part 2 §5: name 2–50). */
export const contactListSchema = z.object({ name: boundedString(2, 50) });

const optionalEmail = z
  .string()
  .trim()
  .toLowerCase()
  .max(200, 'Too Long!')
  .refine((v) => !hasNul(v), 'Invalid character')
  .pipe(z.union([z.literal(''), z.email('Invalid email')]))
  .optional()
  .default('');

/** An item's own fields (spec part 2 §5: name 2–50, number 8–50, valid e-mail): the form's and a sheet row's rule. */
export const itemFieldsSchema = z.object({
  name: boundedString(2, 50),
  number: boundedString(8, 50),
  email: optionalEmail,
});

/** `POST /contact-list-items`: the fields and the list they go in. */
export const itemCreateSchema = itemFieldsSchema.extend({ contactListId: idField });
/** `PUT /contact-list-items/:id`. */
export const itemUpdateSchema = itemFieldsSchema;

const searchParam = z
  .string()
  .trim()
  .max(100, 'Too Long!')
  .refine((v) => !hasNul(v), 'Invalid character')
  .optional()
  .default('');

/** `GET /contact-lists?searchParam&pageNumber`. */
export const listPageQuery = z.object({ searchParam, pageNumber: pageNumberField });
/** `GET /contact-list-items?searchParam&pageNumber&contactListId`. */
export const itemPageQuery = listPageQuery.extend({ contactListId: idField });

export interface ContactListDto {
  id: number;
  name: string;
  contactsCount: number;
  createdAt: string;
  updatedAt: string;
}

export interface ContactListItemDto {
  id: number;
  companyId: number;
  contactListId: number;
  name: string;
  number: string;
  email: string;
  /** null: not checked yet (or no connection can check it). */
  isWhatsappValid: boolean | null;
}

export interface ContactListPageDto {
  records: ContactListDto[];
  hasMore: boolean;
}

export interface ContactListItemPageDto {
  contacts: ContactListItemDto[];
  hasMore: boolean;
}

/** One refused row of an upload, numbered as the sheet numbers it. */
export interface UploadRowError {
  row: number;
  field: string;
  message: string;
  values: { name: string; number: string; email: string };
}

/** `POST /contact-lists/:id/upload` answer; at most MAX_REPORTED_ERRORS errors, `omittedErrors` counts the rest. */
export interface UploadSummaryDto {
  imported: number;
  refused: number;
  errors: UploadRowError[];
  omittedErrors?: number;
}

/** Realtime progress of an upload: `{ action: 'progress', contactListId, done, total }`. */
export interface UploadProgressFrame {
  action: 'progress';
  contactListId: number;
  done: number;
  total: number;
}

/** Why a check run could not ask (sdk AddressCheck's unknown reasons but a single number's failure). */
export type CheckStopReason = 'no-check' | 'no-connection' | 'session-unavailable';

/**
 * A frame of CHECK_TOPIC: one number answered (`record` as stored: its mark, and its number as WhatsApp writes it), or
 * a run that found nothing to ask with (the list's unchecked numbers wait for the next import, edit or check again).
 */
export type CheckFrame =
  | { action: 'checked'; record: ContactListItemDto }
  | { action: 'stopped'; contactListId: number; reason: CheckStopReason };

/** `POST /contact-lists/:id/check`: `again` asks about every number anew, else only the unchecked ones. */
export const checkRequestSchema = z.object({ again: z.boolean().optional().default(false) });

/** The contacts page's delete-contact rule (core's `DELETE /contacts/:id`: admins only), applied to list items. */
export const canDeleteItems = (user: { profile: string }): boolean => user.profile === 'admin';
