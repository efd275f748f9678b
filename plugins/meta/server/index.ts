import {
  ContactProfiles,
  createMetaChannel,
  GraphClient,
  handleWebhook,
  type MetaConfig,
  type MetaConfigInput,
  PageSubscriptions,
  readMetaConfig,
  SIGNATURE_HEADER,
  verifySignature,
  webhookSchema,
} from '@balcao/channel-meta';
import { AppError, definePlugin, validate } from '@balcao/sdk';
import { graphCall, linkPages } from './link-pages.js';
import { linkSchema } from './link-schema.js';
import { migrations } from './migrations.js';

/** Where Meta delivers webhooks (the app's "Callback URL": `https://<balcão>/api/meta/webhook`). */
export const WEBHOOK_PATH = '/api/meta/webhook';

/** Options of {@link createMetaPlugin}: the Meta app's settings over the environment's, and the environment to read. */
export interface MetaPluginOptions extends MetaConfigInput {
  env?: Record<string, string | undefined>;
}

/**
 * Facebook Messenger and Instagram Direct as the channels 'facebook' (plan flag useFacebook) and 'instagram'
 * (useInstagram). An admin links the pages a Facebook user manages (`POST /api/facebook`): each page becomes a
 * facebook connection — and, with addInstagram, its Instagram account an instagram one — keeping the page token in
 * the connection's encrypted store, and the page is subscribed to the app's webhook. Meta then posts every page's
 * messages, deliveries and reads to one webhook (`/api/meta/webhook`), signed with the app secret; each entry names
 * its page, hence its connection, hence its company, whose plan must offer the channel. A contact's name and picture
 * are looked up on Graph once a week (with the page token of the connection's store), the picture kept in Balcão's
 * media; the page's own messages (echoes, written in Meta's inbox) are stored as the company's. A page linked by older
 * code, subscribed to fewer webhook fields (no echoes), is subscribed again on its connection's next webhook.
 *
 * Configuration (environment, checked at boot): META_APP_SECRET (verifies the webhook; without it every delivery is
 * refused), META_VERIFY_TOKEN (the webhook's verification handshake), META_GRAPH_URL and META_GRAPH_VERSION (default
 * https://graph.facebook.com, v9.0), PUBLIC_URL (Balcão's public address: Instagram fetches sent files by URL).
 * @example startKernel({ config, plugins: [createMetaPlugin({ appSecret, verifyToken, graphUrl: mock.url })] })
 */
export function createMetaPlugin(options: MetaPluginOptions = {}) {
  const { env = process.env, ...overrides } = options;
  let config: MetaConfig | undefined;
  // Read when first needed (boot), not at import: a bad variable disables this plugin with its name, nothing else.
  const settings = (): MetaConfig => {
    config ??= readMetaConfig(env, overrides);
    return config;
  };
  const lazy = lazyConfig(settings);
  const channels = [createMetaChannel('facebook', lazy), createMetaChannel('instagram', lazy)];
  let profiles: ContactProfiles | undefined;
  let subscriptions: PageSubscriptions | undefined;

  return definePlugin({
    name: 'meta',
    requires: ['conversations', 'connections', 'logger'],
    migrations,
    contributes: { channels },

    async onBoot({ logger }) {
      profiles = new ContactProfiles(new GraphClient(lazy), logger);
      subscriptions = new PageSubscriptions(new GraphClient(lazy), logger);
      if (!settings().appSecret)
        logger.warn({}, 'META_APP_SECRET unset: Meta webhook deliveries are refused');
    },

    routes(router) {
      // Spec part 1 §5 "POST /facebook": links the user's pages (and their Instagram accounts) as connections.
      router.post('/facebook', async (ctx) => {
        if (ctx.state.user.profile !== 'admin') throw new AppError('ERR_NO_PERMISSION', 403);
        // Pages linked without the app secret would never be heard from (every delivery is refused): say so first.
        if (!settings().appSecret) throw new AppError('ERR_META_APP_SECRET_UNSET', 503);
        const input = validate(linkSchema, ctx.request.body);
        const { connections } = ctx.state.deps;
        // The plan first: a company without the channel never makes Graph calls (nor subscribes a page).
        await connections.checkLink('facebook');
        if (input.addInstagram) await connections.checkLink('instagram');
        const graph = new GraphClient(settings());
        const pages = await graphCall(() => graph.pages(input.facebookUserId, input.facebookUserToken));
        if (!pages.length) throw new AppError('ERR_CHANNEL_REQUEST_FAILED', 400, { reason: 'noPages' });
        // A page (or its Instagram account) another company linked is refused before anything is subscribed.
        for (const page of pages) {
          await connections.checkLink('facebook', page.id);
          if (input.addInstagram && page.instagram)
            await connections.checkLink('instagram', page.instagram.id);
        }
        // Subscribed first: a page the app cannot hear from is not linked at all.
        for (const page of pages) await graphCall(() => graph.subscribe(page.id, page.accessToken));
        ctx.body = { connections: await linkPages(connections, pages, input.addInstagram) };
      });
    },

    publicRoutes(router) {
      // The verification handshake of the app's webhook settings.
      router.get(WEBHOOK_PATH, (ctx) => {
        const { verifyToken } = settings();
        const mode = ctx.query['hub.mode'];
        const token = ctx.query['hub.verify_token'];
        const challenge = ctx.query['hub.challenge'];
        if (!verifyToken || mode !== 'subscribe' || token !== verifyToken || typeof challenge !== 'string')
          throw new AppError('ERR_NO_PERMISSION', 403);
        ctx.type = 'text/plain';
        ctx.body = challenge;
      });

      router.post(WEBHOOK_PATH, async (ctx) => {
        const { appSecret } = settings();
        if (!appSecret || !verifySignature(ctx.state.rawBody, ctx.get(SIGNATURE_HEADER), appSecret))
          throw new AppError('ERR_INVALID_CREDENTIALS', 401);
        const payload = validate(webhookSchema, ctx.request.body);
        const { conversations, logger } = ctx.state.deps;
        // Answered after the work: a failure (the database away) is a 5xx, and Meta delivers again; ingest dedupes.
        ctx.body = await handleWebhook(payload, { conversations, logger, profiles, subscriptions });
      });
    },
  });
}

/** The channel's view of the configuration, read when a message is first sent (after boot checked it). */
function lazyConfig(settings: () => MetaConfig): Pick<MetaConfig, 'graphUrl' | 'graphVersion' | 'publicUrl'> {
  return {
    get graphUrl() {
      return settings().graphUrl;
    },
    get graphVersion() {
      return settings().graphVersion;
    },
    get publicUrl() {
      return settings().publicUrl;
    },
  };
}

export default createMetaPlugin();
