// The cap that holds before anyone is known: real-time connections per client address. It is
// checked before the token is looked at, so an address over it costs no session lookup, and
// bounds what one source holds whatever accounts (or none) it presents. request.ip honours
// TRUST_PROXY, as the other rate limits do.
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../platform/errors.ts';

// A hint only: a slot frees when one of the address's connections closes.
export const SLOT_RETRY_AFTER_SECONDS = 30;

export class AddressSlots {
  private readonly held = new Map<string, number>();

  constructor(private readonly max: number) {}

  /**
   * onRequest hook of the real-time routes: takes a slot for the request's address, or refuses it
   * (429 with Retry-After). The slot is held from the request, through authentication, for the
   * connection's whole life, and freed when the response or socket closes, whichever comes first
   * (a refused upgrade, a 401, the end of a stream or of a WebSocket).
   */
  readonly take = async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    if (this.max <= 0) return;
    const ip = request.ip;
    const n = this.held.get(ip) ?? 0;
    if (n >= this.max) {
      throw new AppError(
        'RATE_LIMITED',
        `Too many real-time connections from this address (at most ${this.max}); close one and retry`,
        undefined,
        {
          'retry-after': String(SLOT_RETRY_AFTER_SECONDS),
        },
      );
    }
    this.held.set(ip, n + 1);
    const socket = request.raw.socket;
    let freed = false;
    const free = () => {
      if (freed) return;
      freed = true;
      // A kept-alive socket may carry more requests: it must not collect one listener per request.
      socket?.removeListener('close', free);
      const left = (this.held.get(ip) ?? 1) - 1;
      if (left > 0) this.held.set(ip, left);
      else this.held.delete(ip);
    };
    reply.raw.once('close', free);
    socket?.once('close', free);
  };

  /** Slots held by one address (tests read it). */
  heldBy(ip: string): number {
    return this.held.get(ip) ?? 0;
  }
}
