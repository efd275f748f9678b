import {
  policyFromEnv,
  type WhatsappChannelOptions,
  whatsappChannel,
} from '@balcao/channel-whatsapp/channel';
import { definePlugin } from '@balcao/sdk';

/**
 * WhatsApp for the tenants whose plan has `useWhatsapp`: the Baileys adapter as the 'whatsapp' channel. Core runs its
 * sessions (a lease per connection on one worker; start on "try again", a new QR, logout) and keeps their keys; the
 * connections screen and its QR modal are core's. `options` are the adapter's (tests pass a fake socket), over the
 * environment's (`env`, process.env by default: WHATSAPP_HISTORY_MEDIA_MAX caps the files a history import fetches).
 * @example startKernel({ config, plugins: [createWhatsappPlugin({ makeSocket: fake.makeSocket })] })
 */
export function createWhatsappPlugin(
  options: WhatsappChannelOptions & { env?: Record<string, string | undefined> } = {},
) {
  // WHATSAPP_HISTORY_MEDIA_MAX (policyFromEnv); a bad value throws with its name, and the host disables this plugin.
  const { env = process.env, ...channel } = options;
  const policy = { ...policyFromEnv(env), ...channel.policy };
  return definePlugin({
    name: 'whatsapp',
    planFlag: 'useWhatsapp',
    contributes: { channels: [whatsappChannel({ ...channel, policy })] },
  });
}

export default createWhatsappPlugin();
