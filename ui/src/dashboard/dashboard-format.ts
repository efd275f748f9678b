/** Translates a key with values (react-i18next's `t`, narrowed to what these helpers use). */
type Translate = (key: string, values?: Record<string, unknown>) => string;

/**
 * Minutes as people read them: "45 min", "1 h 05 min", "26 h 00 min"; fractions of a minute round.
 * @example formatMinutes(65.4, t) // "1 h 05 min"
 */
export function formatMinutes(minutes: number, t: Translate): string {
  const total = Math.max(0, Math.round(minutes));
  if (total < 60) return t('dashboard.time.minutes', { m: total });
  return t('dashboard.time.hours', { h: Math.floor(total / 60), m: String(total % 60).padStart(2, '0') });
}

/** A percentage in the user's locale, at most 2 decimals. @example formatPercent(42.857, 'pt-BR') // "42,86%" */
export function formatPercent(value: number, locale: string): string {
  return `${value.toLocaleString(locale, { maximumFractionDigits: 2 })}%`;
}

/** A rating 0–10 with up to 2 decimals, or a dash when nobody rated. @example formatRating(9.5, 'en') // "9.5" */
export function formatRating(value: number | null, locale: string): string {
  return value == null ? '—' : value.toLocaleString(locale, { maximumFractionDigits: 2 });
}

/** A chart's x label: `YYYY-MM-DD` as DD/MM, an hour as is. @example dayLabel('2026-03-10') // "10/03" */
export function dayLabel(day: string): string {
  const m = /^\d{4}-(\d{2})-(\d{2})$/.exec(day);
  return m ? `${m[2]}/${m[1]}` : day;
}

/**
 * A calendar day `YYYY-MM-DD` as the app writes dates in every language, DD/MM/YYYY (spec part 1 §9).
 * @example formatDay('2026-03-10') // "10/03/2026"
 */
export function formatDay(day: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  return m ? `${m[3]}/${m[2]}/${m[1]}` : day;
}
