/** The current time. Use cases ask this port, never `new Date()`, so tests control time. */
export interface Clock {
  /** The current instant. */
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/** A clock tests move by hand. */
export class ManualClock implements Clock {
  private t: number;
  constructor(start: Date | number = Date.now()) {
    this.t = typeof start === 'number' ? start : start.getTime();
  }
  now(): Date {
    return new Date(this.t);
  }
  /** Moves time forward by the given milliseconds. */
  advance(ms: number): void {
    this.t += ms;
  }
  set(at: Date): void {
    this.t = at.getTime();
  }
}
