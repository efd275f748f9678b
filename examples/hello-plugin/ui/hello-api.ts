import type { GreetingDto, GreetingInput, GreetingPageDto } from '../shared/greeting';

// @balcao/sdk/ui has no API client yet, so this sends the shell's token (localStorage "token", a JSON
// string) itself; swap it for the SDK's client once there is one.
async function call<T>(path: string, body?: unknown): Promise<T> {
  const token = localStorage.getItem('token');
  const res = await fetch(`/api${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: {
      'content-type': 'application/json',
      ...(token ? { authorization: `Bearer ${JSON.parse(token)}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${path} answered ${res.status}`);
  return (await res.json()) as T;
}

/** The plugin's two endpoints, typed by the shared contract. */
export const helloApi = {
  list: (pageNumber: number) => call<GreetingPageDto>(`/hello?pageNumber=${pageNumber}`),
  create: (input: GreetingInput) => call<GreetingDto>('/hello', input),
};
