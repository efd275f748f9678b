import type { QueueDetailDto, QueueInput } from '@balcao/sdk';
import { api } from '../api/http';

/** The queue with its chatbot option tree. */
export const fetchQueue = (id: number) => api.get<QueueDetailDto>(`/queue/${id}`);
export const createQueue = (input: QueueInput) => api.post<QueueDetailDto>('/queue', input);
export const updateQueue = (id: number, input: QueueInput) => api.put<QueueDetailDto>(`/queue/${id}`, input);
export const deleteQueue = (id: number) => api.delete(`/queue/${id}`);

/**
 * The colours offered for a queue (spec part 2 §2: a palette of about 50 fixed colours): ten hues in five shades,
 * each dark enough for white text on the queue's tag.
 */
export const QUEUE_PALETTE: readonly string[] = [
  '#b71c1c',
  '#c62828',
  '#d32f2f',
  '#e53935',
  '#ad1457',
  '#c2185b',
  '#d81b60',
  '#6a1b9a',
  '#7b1fa2',
  '#8e24aa',
  '#4527a0',
  '#512da8',
  '#5e35b1',
  '#283593',
  '#303f9f',
  '#3949ab',
  '#1565c0',
  '#1976d2',
  '#1e88e5',
  '#0277bd',
  '#0288d1',
  '#00838f',
  '#0097a7',
  '#00695c',
  '#00796b',
  '#00897b',
  '#2e7d32',
  '#388e3c',
  '#43a047',
  '#558b2f',
  '#689f38',
  '#827717',
  '#9e9d24',
  '#f57f17',
  '#ef6c00',
  '#f57c00',
  '#e65100',
  '#d84315',
  '#e64a19',
  '#f4511e',
  '#4e342e',
  '#5d4037',
  '#6d4c41',
  '#37474f',
  '#455a64',
  '#546e7a',
  '#424242',
  '#616161',
  '#263238',
  '#1b5e20',
];

const rgb = (hex: string): [number, number, number] => {
  const n = Number.parseInt(hex.replace('#', ''), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
};
const distance = (a: string, b: string) => {
  const [x, y] = [rgb(a), rgb(b)];
  return Math.hypot(x[0] - y[0], x[1] - y[1], x[2] - y[2]);
};

/**
 * A new queue's colour: the free palette colour farthest from the colours the company's queues already use, so the
 * first queues are told apart at a glance (not four near-identical reds). The palette's first with none used.
 * @example defaultQueueColor(['#b71c1c']) // a blue or green, not '#c62828'
 */
export function defaultQueueColor(used: readonly string[]): string {
  const taken = used.map((c) => c.toLowerCase()).filter((c) => /^#[0-9a-f]{6}$/.test(c));
  const free = QUEUE_PALETTE.filter((c) => !taken.includes(c));
  if (!free.length) return QUEUE_PALETTE[0] as string;
  if (!taken.length) return free[0] as string;
  const nearest = (c: string) => Math.min(...taken.map((t) => distance(c, t)));
  return free.reduce((best, c) => (nearest(c) > nearest(best) ? c : best));
}
