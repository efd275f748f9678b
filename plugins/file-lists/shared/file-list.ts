import { boundedString, hasNul, idField, PG_INT_MAX } from '@balcao/sdk/rest';
import { z } from 'zod';

/** At most this many attachments in one list: a chatbot option sends them all in one go. */
export const FILE_LIST_MAX_OPTIONS = 20;

/** One attachment as the dialog sends it: kept ones carry their id (their file stays), new ones none. */
export const fileListOptionInput = z.object({
  id: idField.optional(),
  name: boundedString(1, 100),
});

/**
 * `POST /files`, `PUT /files/:id` (spec part 2 §5: name required, at least 3 characters; message required). The
 * attachments are the list's whole set: one left out is removed.
 */
export const fileListInputSchema = z.object({
  name: boundedString(3, 100),
  message: boundedString(1, 4096),
  options: z.array(fileListOptionInput).max(FILE_LIST_MAX_OPTIONS, 'Too Long!').default([]),
});
export type FileListInput = z.input<typeof fileListInputSchema>;

export const fileListQuery = z.object({
  searchParam: z
    .string()
    .trim()
    .max(200, 'Too Long!')
    .refine((v) => !hasNul(v), 'Invalid character')
    .optional()
    .default(''),
  pageNumber: z.coerce.number().int().min(1).max(PG_INT_MAX).optional().default(1),
});

export const fileListIdParam = z.object({ id: idField });
export const fileOptionParams = z.object({ id: idField, optionId: idField });

/** The upload's query: the file's name and type travel beside its bytes (the body is the file itself). */
export const fileUploadQuery = z.object({
  fileName: boundedString(1, 200),
  mimeType: z
    .string({ error: 'Required' })
    .trim()
    .max(100, 'Too Long!')
    .regex(/^[\w.+-]+\/[\w.+-]+$/, 'Invalid option'),
});

export interface FileListOptionDto {
  id: number;
  name: string;
  /** The stored file's URL (`/api/media/…`), empty until uploaded. */
  path: string;
  mediaType: string;
}

export interface FileListDto {
  id: number;
  name: string;
  message: string;
  userId: number | null;
  options: FileListOptionDto[];
}

export interface FileListPageDto {
  files: FileListDto[];
  count: number;
  hasMore: boolean;
}
