import { createContext, useContext, useEffect, useRef } from 'react';
import type { TicketDto } from '../dto-attendance.js';

/** A key pressed in the composer's input, as its slots see it. */
export interface ComposerKeyEvent {
  key: string;
  shiftKey: boolean;
  altKey: boolean;
  ctrlKey: boolean;
  metaKey: boolean;
}

/** Answers true when it took the key: the composer then does nothing with it (Enter does not send). */
export type ComposerKeyHandler = (event: ComposerKeyEvent) => boolean;

/**
 * The composer's key handlers: slots add theirs while mounted; the composer asks them, newest first, before its own
 * keys (Enter sends). @example const keys = createComposerKeys(); const off = keys.add((e) => e.key === 'Tab'); keys.handle(e)
 */
export interface ComposerKeys {
  /** Adds a handler; answers the function that removes it. */
  add(handler: ComposerKeyHandler): () => void;
  /** Offers the key to the handlers, newest first; true when one took it. */
  handle(event: ComposerKeyEvent): boolean;
}

/** A fresh set of key handlers (one per composer). @example const keys = useMemo(createComposerKeys, []) */
export function createComposerKeys(): ComposerKeys {
  const handlers: ComposerKeyHandler[] = [];
  return {
    add(handler) {
      handlers.push(handler);
      return () => {
        const at = handlers.indexOf(handler);
        if (at !== -1) handlers.splice(at, 1);
      };
    },
    handle(event) {
      for (let i = handlers.length - 1; i >= 0; i--) if (handlers[i]?.(event)) return true;
      return false;
    },
  };
}

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
  /** Adds files to the composer's attachments: sent with the text as caption, as if the attendant picked them. */
  attach(files: File[]): void;
  /** The input's keys, offered to slots first (a suggestion list's arrows and Enter): see {@link useComposerKey}. */
  keys: ComposerKeys;
}

/** Provided by the composer around its slots. */
export const ComposerContext = createContext<ComposerApi | null>(null);

/** The composer around a slot; throws outside one. @example const { text } = useComposer() */
export function useComposer(): ComposerApi {
  const composer = useContext(ComposerContext);
  if (!composer) throw new Error('useComposer must be used inside a ticket composer slot');
  return composer;
}

/**
 * Takes the composer input's keys while the slot is mounted: answer true for a key you handled (the composer then
 * ignores it; Enter does not send). The latest `handler` is always the one called.
 * @example useComposerKey((e) => { if (e.key !== 'ArrowDown') return false; setActive((i) => i + 1); return true; })
 */
export function useComposerKey(handler: ComposerKeyHandler): void {
  const { keys } = useComposer();
  const latest = useRef(handler);
  latest.current = handler;
  useEffect(() => keys.add((event) => latest.current(event)), [keys]);
}
