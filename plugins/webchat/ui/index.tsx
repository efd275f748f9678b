import { defineUiPlugin } from '@balcao/sdk/ui';

/** Web chat's UI: its entry in the "New connection" menu (every plan has it; the shell's connection dialog serves it). */
export default defineUiPlugin({
  name: 'webchat',
  connectionChannels: [{ channel: 'webchat' }],
});
