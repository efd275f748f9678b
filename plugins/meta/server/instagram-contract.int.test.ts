import { describeChannelContract } from '@balcao/testing';
import { metaHarness } from './contract-harness.js';

/**
 * The real Instagram adapter, in the real plugin, passes the channel contract against a local mock Graph: the page's
 * Instagram account is linked with addInstagram, contacts write through signed `instagram` webhooks, replies leave
 * through the Send API (files by their public URL on Balcão), and read receipts arrive as `read` events.
 */
describeChannelContract('Instagram Direct (Graph API, mock server)', () => metaHarness('instagram'));
