import type { Reply } from './common.js';

// Typebot's chat API answers (startChat / continueChat): bubbles and the input it waits for, as channel messages. Pure,
// so the rendering rules are tested without a server.

/** A rich-text node of a Typebot text bubble (Slate): elements with children, or leaves with marks. */
export interface RichNode {
  type?: string;
  text?: string;
  url?: string;
  bold?: boolean;
  italic?: boolean;
  underline?: boolean;
  strikethrough?: boolean;
  children?: RichNode[];
}

/** The part of a chat answer the engine reads; everything else is ignored. */
export interface TypebotAnswer {
  sessionId?: string;
  messages?: {
    type?: string;
    content?: {
      richText?: RichNode[];
      markdown?: string;
      plainText?: string;
      url?: string;
      type?: string;
    };
  }[];
  input?: { type?: string; items?: { content?: string }[] } | null;
}

/** What Typebot answers to a text its current input refuses (peer §2.6): replaced by the record's unknown message. */
export const TYPEBOT_INVALID_MESSAGE = 'Invalid message. Please, try again.';

/** WhatsApp-style marks, the ones Balcão shows formatted (`*bold*`, `_italic_`, `~strike~`). */
function leaf(node: RichNode): string {
  let text = node.text ?? '';
  if (!text.trim()) return text;
  // Marks wrap the words, never the spaces around them, or the channel would not render them.
  const [, lead, core, trail] = /^(\s*)([\s\S]*?)(\s*)$/.exec(text) ?? ['', '', text, ''];
  text = core;
  if (node.strikethrough) text = `~${text}~`;
  if (node.italic) text = `_${text}_`;
  if (node.bold) text = `*${text}*`;
  return `${lead}${text}${trail}`;
}

function inline(nodes: RichNode[] | undefined): string {
  return (nodes ?? [])
    .map((n) => {
      if (n.children) {
        const inner = inline(n.children);
        if (n.type === 'a' && n.url) return inner && inner !== n.url ? `${inner} (${n.url})` : n.url;
        return inner;
      }
      return leaf(n);
    })
    .join('');
}

/** A text bubble's rich text as one message: one line per paragraph, list items with a dash. */
export function richTextToMessage(nodes: RichNode[]): string {
  const lines: string[] = [];
  for (const block of nodes) {
    if (block.type === 'ul' || block.type === 'ol') {
      (block.children ?? []).forEach((item, i) => {
        lines.push(`${block.type === 'ol' ? `${i + 1}.` : '-'} ${inline(item.children)}`);
      });
    } else lines.push(block.children ? inline(block.children) : leaf(block));
  }
  return lines.join('\n').trim();
}

const VIDEO_SITES = new Set(['youtube', 'vimeo', 'tiktok', 'gumlet']);

/**
 * The answer as replies, in order, and the choices a choice input offers (the contact answers with their number, or
 * the text). A text equal to Typebot's invalid-answer text is replaced by `unknownMessage` (kept when none is set).
 */
export function renderTypebotAnswer(
  answer: TypebotAnswer,
  unknownMessage: string | null,
): { replies: Reply[]; choices: string[] | null } {
  const replies: Reply[] = [];
  for (const m of answer.messages ?? []) {
    const c = m.content ?? {};
    if (m.type === 'text') {
      let body = c.richText ? richTextToMessage(c.richText) : (c.markdown ?? c.plainText ?? '').trim();
      if (body === TYPEBOT_INVALID_MESSAGE && unknownMessage) body = unknownMessage;
      if (body) replies.push({ kind: 'text', body });
    } else if (m.type === 'image' && c.url) replies.push({ kind: 'media', url: c.url, type: 'image' });
    else if (m.type === 'audio' && c.url) replies.push({ kind: 'media', url: c.url, type: 'audio' });
    else if (m.type === 'video' && c.url) {
      // A YouTube or Vimeo video is a page, not a file: its link is what the contact can open.
      if (c.type && VIDEO_SITES.has(c.type)) replies.push({ kind: 'text', body: c.url });
      else replies.push({ kind: 'media', url: c.url, type: 'video' });
    } else if (m.type === 'embed' && c.url) replies.push({ kind: 'text', body: c.url });
  }
  const items = answer.input?.type === 'choice input' ? (answer.input.items ?? []) : [];
  const choices = items.map((i) => (i.content ?? '').trim()).filter(Boolean);
  if (choices.length)
    replies.push({ kind: 'text', body: choices.map((c, i) => `${i + 1} - ${c}`).join('\n') });
  return { replies, choices: choices.length ? choices : null };
}

/** The contact's answer to a numbered list: the chosen item's text, else what they wrote. */
export function answerToChoice(body: string, choices: string[] | null): string {
  const n = /^\s*(\d{1,3})\s*[.)-]?\s*$/.exec(body);
  if (!choices || !n) return body;
  return choices[Number(n[1]) - 1] ?? body;
}

/** A bot command: a text that starts with `#` followed by JSON (peer §2.6). */
export type TypebotCommand = { stopBot: true } | { queueId: number; userId?: number } | null;

export function parseCommand(body: string): TypebotCommand {
  if (!body.startsWith('#')) return null;
  try {
    const parsed = JSON.parse(body.slice(1)) as Record<string, unknown>;
    if (parsed?.stopBot === true) return { stopBot: true };
    const queueId = Number(parsed?.queueId);
    if (Number.isInteger(queueId) && queueId > 0) {
      const userId = Number(parsed.userId);
      return Number.isInteger(userId) && userId > 0 ? { queueId, userId } : { queueId };
    }
  } catch {
    // Not a command: an ordinary text that happens to start with '#'.
  }
  return null;
}
