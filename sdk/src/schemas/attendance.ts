import { z } from 'zod';
import { boundedString, idField } from './common.js';

/** Channels a contact, connection or ticket belongs to. @example CHANNELS.includes('webchat') */
export const CHANNELS = ['whatsapp', 'whatsappapi', 'facebook', 'instagram', 'webchat'] as const;
export type Channel = (typeof CHANNELS)[number];

/** Ticket statuses (spec part 1 §4). @example TICKET_STATUSES.includes('group') */
export const TICKET_STATUSES = ['pending', 'open', 'closed', 'group', 'lgpd'] as const;
export type TicketStatus = (typeof TICKET_STATUSES)[number];

/** Connection statuses (spec part 1 §4). @example CONNECTION_STATUSES.includes('qrcode') */
export const CONNECTION_STATUSES = [
  'qrcode',
  'PAIRING',
  'DISCONNECTED',
  'TIMEOUT',
  'OPENING',
  'CONNECTED',
] as const;
export type ConnectionStatus = (typeof CONNECTION_STATUSES)[number];

const optionalEmail = z.preprocess(
  (v) => (typeof v === 'string' && v.trim() === '' ? null : v),
  z.string().trim().toLowerCase().pipe(z.email('Invalid email')).nullish(),
);

/** `POST/PUT /api/contacts` (spec part 1 §5: name 2–50, number 8–50, valid email). @example contactSchema.parse({ name: 'Ana', number: '5511999990000' }) */
export const contactSchema = z.object({
  name: boundedString(2, 50),
  number: z.string({ error: 'Required' }).trim().min(1, 'Required').min(8, 'Too Short!').max(50, 'Too Long!'),
  email: optionalEmail,
  extraInfo: z
    .array(
      z.object({
        name: z.string().trim().min(1, 'Required').max(100),
        value: z.string().max(1000).default(''),
      }),
    )
    .default([]),
  disableBot: z.boolean().optional(),
  acceptAudioMessage: z.boolean().optional(),
});
export type ContactInput = z.infer<typeof contactSchema>;

/** `POST/PUT /api/queue` (spec part 2 §5: name 2–50, colour 3–9). @example queueSchema.parse({ name: 'Vendas', color: '#2e7d32' }) */
export const queueSchema = z.object({
  name: boundedString(2, 50),
  color: z.string({ error: 'Required' }).trim().min(3, 'Too Short!').max(9, 'Too Long!'),
  orderQueue: z.coerce.number().int().min(0).nullish(),
  greetingMessage: z.string().max(5000).nullish(),
  outOfHoursMessage: z.string().max(5000).nullish(),
});
export type QueueInput = z.infer<typeof queueSchema>;

/** `POST/PUT /api/tags` (spec part 2 §5: required, at least 3 characters). @example tagSchema.parse({ name: 'VIP', color: '#ff0000' }) */
export const tagSchema = z.object({
  name: z
    .string({ error: 'Obrigatório' })
    .trim()
    .min(1, 'Obrigatório')
    .min(3, 'Mensagem muito curta')
    .max(50, 'Too Long!'),
  color: z.string().trim().min(3).max(9).optional(),
  kanban: z.coerce.number().int().min(0).default(0),
});
export type TagInput = z.infer<typeof tagSchema>;

/** `POST /api/tags/sync`: the contact's complete tag list. @example tagSyncSchema.parse({ contactId: 3, tags: [{ id: 1 }] }) */
export const tagSyncSchema = z.object({
  contactId: idField,
  tags: z.array(z.object({ id: idField })).default([]),
});

/** `POST /api/ticket-notes` (spec part 1 §5: at least 2 characters). @example ticketNoteSchema.parse({ note: 'ok', ticketId: 1, contactId: 2 }) */
export const ticketNoteSchema = z.object({
  note: z.string({ error: 'Required' }).trim().min(1, 'Required').min(2, 'Too Short!').max(5000, 'Too Long!'),
  ticketId: idField,
  contactId: idField,
});
