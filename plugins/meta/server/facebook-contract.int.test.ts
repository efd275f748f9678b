import { describeChannelContract } from '@balcao/testing';
import { metaHarness } from './contract-harness.js';

/**
 * The real Facebook Messenger adapter, in the real plugin, passes the channel contract against a local mock Graph:
 * the page is linked through `POST /api/facebook`, contacts write through signed webhooks, replies leave through the
 * Send API (files uploaded with the message), and read receipts arrive as `read` events.
 */
describeChannelContract('Facebook Messenger (Graph API, mock server)', () => metaHarness('facebook'));
