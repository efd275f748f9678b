/** WCAG 2 relative luminance of a `#rgb` / `#rrggbb` colour; null for anything else. */
function luminance(hex: string): number | null {
  const m = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(hex.trim());
  if (!m) return null;
  const digits = m[1].length === 3 ? [...m[1]].map((d) => d + d).join('') : m[1];
  const [r, g, b] = [0, 2, 4].map((i) => {
    const c = Number.parseInt(digits.slice(i, i + 2), 16) / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/**
 * The text colour that reads best on a user-chosen background (a queue's or a tag's colour): white or black,
 * whichever has the higher WCAG contrast with it. Their contrasts multiply to 21, so the better one is at least
 * √21 ≈ 4.58:1 on any colour: a light colour never carries white text below 4.5:1.
 * @example readableOn('#068db4') // '#000'
 */
export function readableOn(background: string): string {
  const l = luminance(background);
  if (l === null) return '#fff';
  // Contrast with white is 1.05 / (l + 0.05); with black, (l + 0.05) / 0.05.
  return 1.05 / (l + 0.05) >= (l + 0.05) / 0.05 ? '#fff' : '#000';
}

/** A chip (Blueprint Tag) filled with a user-chosen colour and text that reads on it. */
export const colorChipStyle = (background: string) => ({
  backgroundColor: background,
  color: readableOn(background),
});
