import { startKernel } from '../../src/app.js';
import { loadConfig } from '../../src/kernel/config.js';
import { createLogger } from '../../src/kernel/logger.js';
import { fakeWhatsappPlugin } from '../../src/testing/fake-whatsapp-plugin.js';

// The campaigns bench's server process: the product as core/src/main.ts starts it (discovered plugins, the same
// configuration from the environment) plus the fake WhatsApp channel of the e2e server, so a campaign has a connection
// to send through without WhatsApp's servers. The fake keeps what it "sent" in this process; it replaces no code path
// a campaign's dispatch takes on this side of the channel (outbox, sendToContact, tickets).
async function main(): Promise<void> {
  const config = loadConfig(process.env);
  const logger = createLogger(config.logLevel);
  const kernel = await startKernel({ config, logger, extraPlugins: [fakeWhatsappPlugin] });
  const stop = () => {
    kernel.stop().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
