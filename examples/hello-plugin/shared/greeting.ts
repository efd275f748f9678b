import { boundedString } from '@balcao/sdk';
import { z } from 'zod';

// Shared by the server (validation) and the UI (form and answers): one contract, no drift.

/** Longest greeting the API accepts. */
export const GREETING_MAX_LENGTH = 280;

/** `POST /api/hello`. @example greetingInputSchema.parse({ message: 'Olá!' }) */
export const greetingInputSchema = z.object({ message: boundedString(1, GREETING_MAX_LENGTH) });
export type GreetingInput = z.infer<typeof greetingInputSchema>;

/** A greeting as the API answers it; dates are ISO strings on the wire. */
export interface GreetingDto {
  id: number;
  message: string;
  processedAt: string | null;
  createdAt: string;
}

/** `GET /api/hello`: newest first, 20 a page. */
export interface GreetingPageDto {
  greetings: GreetingDto[];
  hasMore: boolean;
}
