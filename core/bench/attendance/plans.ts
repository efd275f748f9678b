import type { Fixture } from './http-rows.js';

export async function explainMainQueries(_url: string, _f: Fixture): Promise<string> {
  return '(todo)';
}
