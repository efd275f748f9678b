import { createContext, useContext } from 'react';
import type { TicketDto } from '../dto-attendance.js';

/**
 * What the ticket composer offers the plugins rendered in its slots (`ticket.composer.actions`,
 * `ticket.composer.suggestions`): the ticket, the text being typed, and a way to replace it.
 * @example const { text, setText } = useComposer(); if (text.startsWith('/')) setText('Olá! Em que posso ajudar?')
 */
export interface ComposerApi {
  ticket: TicketDto;
  /** The composer's current text (quick replies look at what follows the leading '/'). */
  text: string;
  /** Replaces the text and focuses the input, ready to edit or send. */
  setText(text: string): void;
  /** True while the attendant writes a private note. */
  isPrivate: boolean;
}

/** Provided by the composer around its slots. */
export const ComposerContext = createContext<ComposerApi | null>(null);

/** The composer around a slot; throws outside one. @example const { text } = useComposer() */
export function useComposer(): ComposerApi {
  const composer = useContext(ComposerContext);
  if (!composer) throw new Error('useComposer must be used inside a ticket composer slot');
  return composer;
}
