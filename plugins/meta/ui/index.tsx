import { defineUiPlugin, type NewConnectionDialogProps } from '@balcao/sdk/ui';
import en from '../locales/en.json';
import es from '../locales/es.json';
import ptBR from '../locales/pt-BR.json';
import tr from '../locales/tr.json';
import { LinkDialog } from './link-dialog';

const FacebookDialog = (props: NewConnectionDialogProps) => <LinkDialog {...props} addInstagram={false} />;
const InstagramDialog = (props: NewConnectionDialogProps) => <LinkDialog {...props} addInstagram />;

/**
 * Facebook and Instagram in the "New connection" menu, each under its plan flag; both open the dialog that links a
 * Facebook user's pages (Instagram's with "add Instagram" on).
 */
export default defineUiPlugin({
  name: 'meta',
  connectionChannels: [
    { channel: 'facebook', planFlag: 'useFacebook', dialog: FacebookDialog },
    { channel: 'instagram', planFlag: 'useInstagram', dialog: InstagramDialog },
  ],
  locales: { en, es, 'pt-BR': ptBR, tr },
});
