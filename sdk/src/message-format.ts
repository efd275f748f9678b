/**
 * One run of a message's text as both the attendant's UI and the web chat visitor's page show it: plain, styled
 * (WhatsApp's `*bold*`, `_italic_`, `~strike~`, nestable) or a link. Line breaks stay in `text` (shown pre-wrapped).
 * @example { text: 'Ana:', bold: true }
 */
export interface TextSegment {
  text: string;
  bold?: true;
  italic?: true;
  strike?: true;
  /** An http(s) address written in the message: shown as a link to it. */
  href?: string;
}

type Style = Pick<TextSegment, 'bold' | 'italic' | 'strike'>;

const STYLE_OF: Record<string, keyof Style> = { '*': 'bold', _: 'italic', '~': 'strike' };

// An address up to the next space; closing punctuation after it is the sentence's, not the address's.
const LINK = /https?:\/\/[^\s<>"]+[^\s<>".,;:!?)'\]]/g;

// A marker pair on one line around text that neither starts nor ends with a space, not inside a word ("snake_case",
// "2 * 3" stay as they are).
const STYLED = /(?<![\p{L}\p{N}*_~])([*_~])(?!\s)([^\n]*?\S)\1(?![\p{L}\p{N}])/u;

function styled(text: string, style: Style, out: TextSegment[]): void {
  const match = STYLED.exec(text);
  if (!match) {
    if (text) out.push({ text, ...style });
    return;
  }
  if (match.index > 0) out.push({ text: text.slice(0, match.index), ...style });
  styled(match[2], { ...style, [STYLE_OF[match[1]]]: true }, out);
  styled(text.slice(match.index + match[0].length), style, out);
}

/**
 * A message body as the segments to show: links first (their own text, unstyled), then the styled runs of the rest.
 * Markers are dropped; everything else is kept as written, so rendering the segments as text is safe.
 * @example formatSegments('*Ana:*\nOlá') // [{ text: 'Ana:', bold: true }, { text: '\nOlá' }]
 */
export function formatSegments(body: string): TextSegment[] {
  const out: TextSegment[] = [];
  let last = 0;
  for (const link of body.matchAll(LINK)) {
    styled(body.slice(last, link.index), {}, out);
    out.push({ text: link[0], href: link[0] });
    last = link.index + link[0].length;
  }
  styled(body.slice(last), {}, out);
  return out;
}
