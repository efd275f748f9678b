/**
 * The time business rules read (working hours, the queue menu's pauses, message variables): the root container's
 * `clock`, so tests can set the hour a conversation happens at instead of waiting for it. Timestamps the database
 * writes by itself (`now()`, row defaults) keep the real time.
 * @example const hour = scope.clock.now().getUTCHours()
 */
export interface Clock {
  now(): Date;
}

/** The machine's clock: what every kernel uses unless a test hands it another. */
export const systemClock: Clock = { now: () => new Date() };

/**
 * A clock that stands still until told otherwise (tests, the e2e server).
 * @example const clock = new ManualClock('2026-11-23T12:00:00Z'); clock.advance(5 * 60_000);
 */
export class ManualClock implements Clock {
  private at: number;

  constructor(start: Date | string = new Date()) {
    this.at = new Date(start).getTime();
  }

  now(): Date {
    return new Date(this.at);
  }

  set(at: Date | string): void {
    this.at = new Date(at).getTime();
  }

  advance(ms: number): void {
    this.at += ms;
  }
}
