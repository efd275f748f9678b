/** A `datetime-local` input's value (local wall time, to the second) for an instant. */
export function toLocalInput(date: Date): string {
  const two = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${two(date.getMonth() + 1)}-${two(date.getDate())}T${two(date.getHours())}:${two(date.getMinutes())}:${two(date.getSeconds())}`;
}

/** The instant a `datetime-local` value names in the browser's zone, as ISO; '' stays '' (the server says required). */
export function fromLocalInput(value: string): string {
  if (!value) return '';
  const at = new Date(value);
  return Number.isNaN(at.getTime()) ? value : at.toISOString();
}
