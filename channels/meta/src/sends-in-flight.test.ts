import { describe, expect, it } from 'vitest';
import { ANSWERED_TTL_MS, SendsInFlight } from './sends-in-flight.js';

/** A send whose Graph answer comes when the test says so. */
function heldSend() {
  let answer: (mid: string) => void = () => {};
  const answered = new Promise<string>((resolve) => {
    answer = resolve;
  });
  return { answer, run: async (report: (mid: string) => void) => report(await answered) };
}

describe('SendsInFlight', () => {
  it('an echo that overtakes the answer waits for the send to its contact, and is ours once Graph answers its id', async () => {
    const inFlight = new SendsInFlight();
    const send = heldSend();
    const sending = inFlight.track(7, 'igsid-1', send.run);
    let settled = false;
    const ours = inFlight.isOurs(7, 'igsid-1', 'mid-1').then((v) => {
      settled = true;
      return v;
    });
    await new Promise((r) => setTimeout(r, 20));
    expect(settled).toBe(false);
    send.answer('mid-1');
    expect(await ours).toBe(true);
    await sending;
    // Remembered for echoes arriving just after the answer.
    expect(await inFlight.isOurs(7, 'igsid-1', 'mid-1')).toBe(true);
  });

  it('an echo of another id, to another contact or on another connection is not ours, and waits for nothing it need not', async () => {
    const inFlight = new SendsInFlight();
    const send = heldSend();
    const sending = inFlight.track(7, 'igsid-1', send.run);
    // No send to these is on its way: answered at once.
    expect(await inFlight.isOurs(7, 'igsid-2', 'mid-x')).toBe(false);
    expect(await inFlight.isOurs(8, 'igsid-1', 'mid-x')).toBe(false);
    const other = inFlight.isOurs(7, 'igsid-1', 'mid-typed-on-the-phone');
    send.answer('mid-2');
    expect(await other).toBe(false);
    await sending;
    expect(await inFlight.isOurs(8, 'igsid-1', 'mid-2')).toBe(false);
  });

  it('waits at most its limit for a send that does not come back, and forgets answered ids after ANSWERED_TTL_MS', async () => {
    let now = 1_000;
    const inFlight = new SendsInFlight(() => now, 30);
    const stuck = heldSend();
    void inFlight.track(7, 'igsid-1', stuck.run);
    const started = Date.now();
    expect(await inFlight.isOurs(7, 'igsid-1', 'mid-late')).toBe(false);
    expect(Date.now() - started).toBeLessThan(1_000);
    await inFlight.track(7, 'igsid-3', async (answered) => answered('mid-3'));
    now += ANSWERED_TTL_MS - 1;
    expect(await inFlight.isOurs(7, 'igsid-3', 'mid-3')).toBe(true);
    now += 1;
    expect(await inFlight.isOurs(7, 'igsid-3', 'mid-3')).toBe(false);
    stuck.answer('mid-late');
  });

  it('ids answered to sends whose echoes never come are forgotten as new sends are answered', async () => {
    let now = 1_000;
    const inFlight = new SendsInFlight(() => now);
    for (let i = 0; i < 1_000; i += 1)
      await inFlight.track(7, 'igsid-1', async (answered) => answered(`mid-${i}`));
    now += ANSWERED_TTL_MS;
    await inFlight.track(7, 'igsid-1', async (answered) => answered('mid-new'));
    expect(inFlight.remembered()).toBe(1);
  });

  it('a send that fails leaves nothing behind: a later echo is not waited on it', async () => {
    const inFlight = new SendsInFlight(Date.now, 5_000);
    await expect(
      inFlight.track(7, 'igsid-1', async () => {
        throw new Error('Graph 500');
      }),
    ).rejects.toThrow('Graph 500');
    const started = Date.now();
    expect(await inFlight.isOurs(7, 'igsid-1', 'mid-9')).toBe(false);
    expect(Date.now() - started).toBeLessThan(1_000);
  });
});
