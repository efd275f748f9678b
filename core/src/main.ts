import { startKernel } from './app.js';
import { takeOverShutdownSignals } from './db/embedded.js';
import { ConfigError, loadConfig } from './kernel/config.js';
import { createLogger } from './kernel/logger.js';

/** How long a stop may take before the process gives up on it and exits 1 (its embedded PostgreSQL's exit hook runs). */
const SHUTDOWN_LIMIT_MS = 45_000;

async function main(): Promise<void> {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig(process.env);
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
  const logger = createLogger(config.logLevel);
  // Last line of defence: a promise nobody awaited that failed is logged, not allowed to stop every tenant's server
  // (Node's default). Listeners and handlers are written not to get here (http/http-server.ts).
  process.on('unhandledRejection', (err) => logger.error({ err }, 'unhandled promise rejection'));
  const kernel = await startKernel({ config, logger });
  for (const f of kernel.plugins.failures) logger.warn({ plugin: f.name }, `plugin disabled: ${f.error}`);
  const lines = [`Balcão is running (${config.role}).`];
  if (kernel.url) lines.push(`  Open ${kernel.url}`);
  const [webchat] = await kernel.orm.em
    .getConnection()
    .execute<{ token: string }[]>(
      "select token from whatsapps where company_id = 1 and channel = 'webchat' order by id limit 1",
    );
  if (kernel.url && webchat)
    lines.push(`  Web chat (play the customer): ${kernel.url}/webchat/${webchat.token}`);
  if (config.adminIsDefault) lines.push(`  Super admin: ${config.adminEmail} / ${config.adminPassword}`);
  else lines.push(`  Super admin: ${config.adminEmail}`);
  if (!config.databaseUrl)
    lines.push(`  Embedded PostgreSQL data: ${config.dataDir}/pg (port ${config.embeddedPgPort})`);
  console.log(lines.join('\n'));

  // Stopping the kernel stops the embedded PostgreSQL last, after the pools let go of it (kernel.ts).
  takeOverShutdownSignals();
  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down');
    // A service manager kills a stop that hangs (systemd after 90 s); this names the step that hung first.
    let step = '';
    const watchdog = setTimeout(() => {
      logger.error({ step }, `shutdown did not finish in ${SHUTDOWN_LIMIT_MS / 1000} s`);
      process.exit(1);
    }, SHUTDOWN_LIMIT_MS);
    const stopped = await kernel
      .stop((s) => {
        step = s;
      })
      .then(
        () => true,
        (err) => {
          logger.error({ err, step }, 'shutdown failed');
          return false;
        },
      );
    clearTimeout(watchdog);
    process.exit(stopped ? 0 : 1);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
