import { useState } from 'react';
import { initials } from './format';

// White initials read at least 4.5:1 on each (WCAG AA): 4.6 to 6.3.
const PALETTE = ['#238551', '#2d72d2', '#a85d0c', '#9d3f9d', '#10699a', '#cd4246', '#634dbf', '#1d7d3a'];

/** A stable colour per name, so the same contact keeps its colour everywhere. */
function colorOf(name: string): string {
  let hash = 0;
  for (const ch of name) hash = (hash * 31 + ch.charCodeAt(0)) | 0;
  return PALETTE[Math.abs(hash) % PALETTE.length];
}

/** The contact's picture, or initials on a coloured disc when there is none (or it fails to load). */
export function ContactAvatar({ name, url, size = 40 }: { name: string; url: string | null; size?: number }) {
  const [broken, setBroken] = useState(false);
  const style = { width: size, height: size, fontSize: Math.round(size * 0.38) };
  if (url && !broken) {
    return <img className="contact-avatar" src={url} alt="" style={style} onError={() => setBroken(true)} />;
  }
  return (
    <span
      className="contact-avatar contact-avatar--initials"
      style={{ ...style, background: colorOf(name) }}
      aria-hidden
    >
      {initials(name)}
    </span>
  );
}
