import { formatSegments, type TextSegment } from '@balcao/sdk';
import type { ReactNode } from 'react';

/** One run of a message (the SDK's formatting, as the attendant's conversation shows it): text only, never HTML. */
function Segment({ part }: { part: TextSegment }) {
  let node: ReactNode = part.text;
  if (part.href)
    node = (
      <a href={part.href} target="_blank" rel="noopener noreferrer">
        {part.text}
      </a>
    );
  if (part.strike) node = <s>{node}</s>;
  if (part.italic) node = <em>{node}</em>;
  if (part.bold) node = <strong>{node}</strong>;
  return node;
}

/** A chat message's text with `*bold*`, `_italic_`, `~strike~` and links. */
export function MessageText({ text }: { text: string }) {
  return (
    <span className="internal-chat__text">
      {formatSegments(text).map((part, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: segments of one immutable text.
        <Segment key={i} part={part} />
      ))}
    </span>
  );
}
