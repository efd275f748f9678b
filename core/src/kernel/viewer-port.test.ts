import { AppError, type Logger } from '@balcao/sdk';
import { describe, expect, it } from 'vitest';
import { viewerless } from './viewer-port.js';

/** A logger that keeps what it was told to warn about. */
function recordingLogger(warned: string[]): Logger {
  const logger: Logger = {
    debug: () => {},
    info: () => {},
    warn: (_obj, msg) => void warned.push(msg ?? ''),
    error: () => {},
    child: () => logger,
  };
  return logger;
}

describe('the viewer port where nobody is signed in (job, subscriber, bot engine, onBoot, public route)', () => {
  it('can be held and awaited (a service built in a job keeps it), but each read rejects with 403 and says why', async () => {
    const warned: string[] = [];
    const viewer = viewerless('kanban', recordingLogger(warned));
    const tickets = viewer.tickets;
    expect(await viewer).toBe(viewer);
    expect(await tickets).toBe(tickets);
    const call = tickets.list({ status: 'open' });
    await expect(call).rejects.toBeInstanceOf(AppError);
    await expect(call).rejects.toMatchObject({
      code: 'ERR_NO_PERMISSION',
      status: 403,
      message: expect.stringMatching(/^plugin kanban: viewer\.tickets\.list answers as the signed-in user/),
    });
    await expect(viewer.contacts.find(1)).rejects.toMatchObject({ code: 'ERR_NO_PERMISSION' });
    expect(warned).toHaveLength(2);
    expect(warned[1]).toContain('viewer.contacts.find');
  });
});
