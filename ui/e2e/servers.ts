/**
 * Each Playwright worker drives a server of its own, with its own database (ui/playwright.config.ts starts one per
 * worker). The specs share company 1's account, waiting room and company-wide settings: two specs at once on one
 * server would see each other's work, so a spec may assume it is the only one on its server. Worker i (its
 * TEST_PARALLEL_INDEX: unique among the workers running at once, kept by a worker started after a failure) uses
 * E2E_PORT + i; E2E_WORKERS says how many (2 by default: a spec mostly waits on the browser or the server, so two at
 * once keep both cores of the CI machine busy).
 */
export const E2E_WORKERS = Math.max(1, Number(process.env.E2E_WORKERS ?? 2));

const BASE_PORT = Number(process.env.E2E_PORT ?? 8090);

/** The port of worker `index`'s server; by default the calling worker's. */
export function serverPort(index = Number(process.env.TEST_PARALLEL_INDEX ?? 0)): number {
  return BASE_PORT + index;
}

/** The origin of the calling worker's server (the specs' baseURL). */
export function serverOrigin(): string {
  return `http://localhost:${serverPort()}`;
}
