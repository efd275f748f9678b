import { createHash } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import { type EmbeddedDatabase, startEmbeddedPostgres } from '../db/embedded.js';
import { createLogger } from '../kernel/logger.js';

/**
 * An embedded PostgreSQL for test runs, one per checkout (folder and port derived from the repository path), so
 * runs in two checkouts never share — and never stop — each other's server. A server another run of the same
 * checkout started is reused and left running for it.
 */
export async function startTestPostgres(
  purpose: 'unit' | 'e2e' | 'bench',
  basePort: number,
): Promise<EmbeddedDatabase> {
  const checkout = createHash('sha1')
    .update(path.resolve(import.meta.dirname, '../../..'))
    .digest('hex');
  const slot = Number.parseInt(checkout.slice(0, 6), 16) % 200;
  const db = await startEmbeddedPostgres({
    dir: path.join(os.tmpdir(), `balcao-${purpose}-pg-${process.getuid?.() ?? 'u'}-${checkout.slice(0, 10)}`),
    port: basePort + slot,
    logger: createLogger('silent'),
  });
  return db.adopted ? { ...db, stop: async () => undefined } : db;
}
