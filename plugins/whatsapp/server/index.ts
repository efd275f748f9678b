import { type WhatsappChannelOptions, whatsappChannel } from '@balcao/channel-whatsapp';
import { definePlugin } from '@balcao/sdk';

/**
 * WhatsApp for the tenants whose plan has `useWhatsapp`: the Baileys adapter as the 'whatsapp' channel. Core runs its
 * sessions (a lease per connection on one worker; start on "try again", a new QR, logout) and keeps their keys; the
 * connections screen and its QR modal are core's. `options` are the adapter's (tests pass a fake socket).
 * @example startKernel({ config, plugins: [createWhatsappPlugin({ makeSocket: fake.makeSocket })] })
 */
export function createWhatsappPlugin(options: WhatsappChannelOptions = {}) {
  return definePlugin({
    name: 'whatsapp',
    planFlag: 'useWhatsapp',
    contributes: { channels: [whatsappChannel(options)] },
  });
}

export default createWhatsappPlugin();
