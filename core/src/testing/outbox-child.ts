import { startKernel } from '../app.js';
import { loadConfig } from '../kernel/config.js';
import { httpChannelPlugin } from './http-channel-plugin.js';

/**
 * A Balcão process a test can kill with SIGKILL (outbox-crash.int.test.ts): the kernel on DATABASE_URL with the HTTP
 * channel pointing at VENDOR_URL; it prints `ready <url>` once it serves.
 */
const config = loadConfig(process.env, {
  port: 0,
  jwtSecret: 'test-access-secret-0123456789',
  jwtRefreshSecret: 'test-refresh-secret-0123456789',
});
const kernel = await startKernel({ config, plugins: [httpChannelPlugin(process.env.VENDOR_URL ?? '')] });
process.stdout.write(`ready ${kernel.url}\n`);
