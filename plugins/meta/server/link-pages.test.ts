import { GraphError } from '@balcao/channel-meta';
import { AppError } from '@balcao/sdk';
import { describe, expect, it } from 'vitest';
import { graphCall } from './link-pages.js';

const refused = (err: GraphError) => graphCall(() => Promise.reject(err));

describe('Graph refusals as API answers (never a 500)', () => {
  it('an invalid or expired token is 400 ERR_CHANNEL_CREDENTIALS', async () => {
    await expect(refused(new GraphError('Invalid OAuth access token.', 400, 190))).rejects.toMatchObject({
      code: 'ERR_CHANNEL_CREDENTIALS',
      status: 400,
    });
  });

  it('missing permissions are 400 ERR_CHANNEL_REQUEST_FAILED with Graph’s code', async () => {
    await expect(refused(new GraphError('(#10) Permission denied', 403, 10))).rejects.toMatchObject({
      code: 'ERR_CHANNEL_REQUEST_FAILED',
      status: 400,
      details: { graphCode: 10 },
    });
  });

  it('Graph unreachable or failing is 424 ERR_CHANNEL_REQUEST_FAILED', async () => {
    await expect(refused(new GraphError('Graph unreachable: ECONNREFUSED', 0, null))).rejects.toMatchObject({
      code: 'ERR_CHANNEL_REQUEST_FAILED',
      status: 424,
    });
    await expect(refused(new GraphError('An unexpected error', 500, 2))).rejects.toBeInstanceOf(AppError);
  });

  it('anything else is not Graph’s and passes unchanged', async () => {
    const bug = new TypeError('bug');
    await expect(graphCall(() => Promise.reject(bug))).rejects.toBe(bug);
  });
});
