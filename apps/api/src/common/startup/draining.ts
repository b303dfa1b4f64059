import { Injectable } from '@nestjs/common';

/**
 * An API process's way out (issue 41, README « Two of everything »): once draining, /api/health answers 503 so that
 * the load balancer sends it nothing new, while the requests already in flight are counted down to zero. Its sockets
 * are handed over by whoever registered `handOffSocketsWith` (app.factory: the Socket.IO adapter).
 */
@Injectable()
export class Draining {
  private since: number | null = null;
  private inFlight = 0;
  private idle: (() => void)[] = [];
  private handOff: () => number = () => 0;

  get active(): boolean {
    return this.since !== null;
  }

  /** Requests started and not yet answered (or abandoned by their caller). */
  get requestsInFlight(): number {
    return this.inFlight;
  }

  start(now = Date.now()): void {
    this.since ??= now;
  }

  requestStarted(): void {
    this.inFlight++;
  }

  requestEnded(): void {
    this.inFlight = Math.max(0, this.inFlight - 1);
    if (this.inFlight === 0) this.idle.splice(0).forEach((resolve) => resolve());
  }

  /** Resolves true once no request is in flight, false if some still are after `timeoutMs`. */
  requestsDone(timeoutMs: number): Promise<boolean> {
    if (this.inFlight === 0) return Promise.resolve(true);
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.idle = this.idle.filter((waiting) => waiting !== done);
        resolve(false);
      }, timeoutMs);
      const done = () => {
        clearTimeout(timer);
        resolve(true);
      };
      this.idle.push(done);
    });
  }

  handOffSocketsWith(handOff: () => number): void {
    this.handOff = handOff;
  }

  /** Closes every socket's connection so that its client reconnects (elsewhere, through the load balancer); returns how many. */
  handOffSockets(): number {
    return this.handOff();
  }
}
