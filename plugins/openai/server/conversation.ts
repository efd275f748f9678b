import type { MessageDto } from '@balcao/sdk';
import { HANDOFF_PHRASE } from '../shared/prompt.js';

/** One chat message as chat.completions takes it. */
export interface ChatMessage {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

/**
 * The system message: the admin's prompt, then the limits and the hand-off rule the engine relies on (GB's wording of
 * the phrase, so prompts written for GB keep working).
 */
export function systemPrompt(prompt: { prompt: string; maxTokens: number }): string {
  return [
    prompt.prompt.trim(),
    '',
    `Responda em no máximo ${prompt.maxTokens} tokens.`,
    `Se o cliente precisar de um atendente humano, ou se você não souber ajudar, escreva "${HANDOFF_PHRASE}" na resposta.`,
  ].join('\n');
}

const strip = (s: string) => s.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

// Words a contact writes to ask for a person, in the interface languages (pt-BR, en, es, tr).
const HUMAN_WORDS =
  /\b(humano|humana|atendente|human|agent|operator|representative|agente|operador|temsilci|yetkili)\b/;

/** Whether the contact asks for a person rather than the bot. @example asksForHuman('quero falar com um atendente') */
export function asksForHuman(body: string): boolean {
  return HUMAN_WORDS.test(strip(body));
}

/** The model's answer without the hand-off phrase, and whether it was there (peer-server-behaviour §2.6). */
export function readReply(text: string): { reply: string; handoff: boolean } {
  const at = strip(text).indexOf(strip(HANDOFF_PHRASE));
  if (at < 0) return { reply: text.trim(), handoff: false };
  const reply = `${text.slice(0, at)} ${text.slice(at + HANDOFF_PHRASE.length)}`
    .replace(/[ \t]+/g, ' ')
    .replace(/\s*\n\s*/g, '\n')
    .trim();
  return { reply, handoff: true };
}

/**
 * The conversation the model reads: the ticket's last `maxMessages` messages, oldest first, without private notes or
 * deleted messages; the contact's as `user`, Balcão's and attendants' as `assistant`. `current` replaces the text of
 * the message being answered (an audio's transcription). A message without text is named by its kind.
 */
export function toChatMessages(
  newestFirst: readonly MessageDto[],
  maxMessages: number,
  current: { id: number; text: string },
): ChatMessage[] {
  return newestFirst
    .filter((m) => !m.isPrivate && !m.isDeleted)
    .slice(0, maxMessages)
    .reverse()
    .map((m) => {
      const text = m.id === current.id ? current.text : m.body.trim() || `[${m.mediaType || 'media'}]`;
      return { role: m.fromMe ? 'assistant' : 'user', content: text };
    });
}
