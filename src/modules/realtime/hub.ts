// The connections of this instance, indexed by user and session. Events come only from the bus
// (Redis across instances), so a client here receives what a request on any instance caused.
import type { Deps } from '../../kernel/deps.ts';
import type { PublishedEvent } from '../../kernel/events.ts';
import type { BusMessage } from '../../ports/event-bus.ts';
import type { CloseReason, Connection } from './connections.ts';
import { MESSAGE_TOPIC, NOTIFICATION_TOPIC, isMessageCreated, isNotificationCreated } from './frames.ts';
import { realtimeRepository } from './realtime.repository.ts';

// The relay delivers at least once; a repeat is recognised by its outbox id within this window.
const SEEN_EVENTS = 10_000;
// A revocation that lands while a connection is still authenticating must still end it.
const REVOKED_MEMORY_MS = 60_000;
const SHUTDOWN_WAIT_MS = 3_000;
// setTimeout's longest delay; a later expiry is reached in several hops.
const MAX_TIMER_MS = 2 ** 31 - 1;

export type Refusal = 'revoked' | 'shutdown' | 'limit';

export class RealtimeHub {
  private readonly byUser = new Map<number, Set<Connection>>();
  private readonly bySession = new Map<string, Set<Connection>>();
  private readonly seen = new Set<number>();
  private readonly revokedAt = new Map<string, number>();
  private readonly pending = new Set<Promise<unknown>>();
  /** When each connection's access token expires (real-time ms), and the timer that closes it then. */
  private readonly expiry = new Map<Connection, { at: number; timer: NodeJS.Timeout }>();
  private readonly stops: Array<() => void> = [];
  private closing = false;
  private lastPingRound = performance.now();

  constructor(private readonly deps: Deps) {}

  /** Subscribes to the bus and starts the ping and heartbeat timers. */
  start(): void {
    const { bus, sessions, config } = this.deps;
    this.stops.push(
      bus.subscribe(NOTIFICATION_TOPIC, (m) => this.onNotification(m)),
      bus.subscribe(MESSAGE_TOPIC, (m) => this.onMessage(m)),
      sessions.onRevoked((ids) => this.onRevoked(ids)),
    );
    const ping = setInterval(() => this.pingRound(), config.REALTIME_PING_MS);
    const beat = setInterval(() => {
      this.each('sse', (c) => c.keepAlive());
      const old = Date.now() - REVOKED_MEMORY_MS;
      for (const [sid, at] of this.revokedAt) if (at < old) this.revokedAt.delete(sid);
    }, config.REALTIME_HEARTBEAT_MS);
    ping.unref();
    beat.unref();
    this.stops.push(
      () => clearInterval(ping),
      () => clearInterval(beat),
    );
  }

  /**
   * Judges each WebSocket on the pong to the last ping, then pings again. A round a quarter of an
   * interval late found this process stalled (a long GC, a busy CPU): pongs may sit unread in the
   * socket, so it judges nobody and pings nobody, and the next round on time judges instead.
   */
  private pingRound(): void {
    const now = performance.now();
    const late = now - this.lastPingRound > 1.25 * this.deps.config.REALTIME_PING_MS;
    this.lastPingRound = now;
    if (!late) this.each('ws', (c) => c.keepAlive());
  }

  /**
   * Registers a connection whose token expires at `tokenExpiresAt`; else says why it must close:
   * its session was just revoked, the server is closing, or the user already holds
   * REALTIME_MAX_CONNECTIONS_PER_USER here (the newest is refused: the open ones stay undisturbed).
   */
  add(c: Connection, tokenExpiresAt: Date): Refusal | null {
    if (this.closing) return 'shutdown';
    if (this.revokedAt.has(c.user.sessionId)) return 'revoked';
    const max = this.deps.config.REALTIME_MAX_CONNECTIONS_PER_USER;
    if (max > 0 && (this.byUser.get(c.user.id)?.size ?? 0) >= max) return 'limit';
    addTo(this.byUser, c.user.id, c);
    addTo(this.bySession, c.user.sessionId, c);
    this.extendUntil(c, tokenExpiresAt);
    this.track(this.deps.presence.connected(c.user.id));
    return null;
  }

  /**
   * Closes the connection (`expired`) when its token expires; an in-band re-authentication moves
   * that later, never earlier (replies to two frames may finish in either order).
   */
  extendUntil(c: Connection, tokenExpiresAt: Date): void {
    if (!this.byUser.get(c.user.id)?.has(c)) return;
    // The remaining life is read on the clock port (tests move it); the timer then runs in real time.
    const at = Date.now() + (tokenExpiresAt.getTime() - this.deps.clock.now().getTime());
    const known = this.expiry.get(c);
    if (known && known.at >= at) return;
    if (known) clearTimeout(known.timer);
    const arm = (): NodeJS.Timeout => {
      const left = at - Date.now();
      const timer =
        left > MAX_TIMER_MS
          ? setTimeout(() => this.expiry.set(c, { at, timer: arm() }), MAX_TIMER_MS)
          : setTimeout(() => c.close('expired'), Math.max(0, left));
      return timer.unref();
    };
    this.expiry.set(c, { at, timer: arm() });
  }

  /** Called once per connection, by the connection, when it closes for any reason. */
  readonly remove = (c: Connection, reason: CloseReason | 'client'): void => {
    if (!removeFrom(this.byUser, c.user.id, c)) return;
    removeFrom(this.bySession, c.user.sessionId, c);
    clearTimeout(this.expiry.get(c)?.timer);
    this.expiry.delete(c);
    this.deps.log.debug({ userId: c.user.id, kind: c.kind, channel: c.channel, reason }, 'real-time connection closed');
    const { presence, db, clock } = this.deps;
    const userId = c.user.id;
    const lastHere = !this.byUser.has(userId);
    this.track(
      presence.disconnected(userId).then(async () => {
        if (lastHere) await realtimeRepository(db).setLastSeen(userId, clock.now());
      }),
    );
  };

  /** How many connections this instance holds (tests and the bench read it). */
  get size(): number {
    let n = 0;
    for (const set of this.byUser.values()) n += set.size;
    return n;
  }

  /** The connections held, by kind (GET /metrics). */
  countsByKind(): Record<Connection['kind'], number> {
    const counts = { ws: 0, sse: 0 };
    for (const set of this.byUser.values()) for (const c of set) counts[c.kind]++;
    return counts;
  }

  /** Closes every connection (WebSocket 1001), waits for them and for presence writes, stops. */
  async shutdown(): Promise<void> {
    this.closing = true;
    for (const stop of this.stops.splice(0)) stop();
    const all = [...this.byUser.values()].flatMap((s) => [...s]);
    for (const c of all) c.close('shutdown');
    await Promise.race([
      Promise.all(all.map((c) => c.closed)),
      new Promise((r) => setTimeout(r, SHUTDOWN_WAIT_MS).unref()),
    ]);
    await Promise.allSettled([...this.pending]);
  }

  private onNotification(m: BusMessage): void {
    const ev = m.payload as PublishedEvent;
    if (!this.firstTime(ev) || !isNotificationCreated(ev.data)) return;
    const conns = this.byUser.get(ev.data.user_id);
    if (conns) for (const c of [...conns]) c.notify(ev.data);
  }

  private onMessage(m: BusMessage): void {
    const ev = m.payload as PublishedEvent;
    if (!this.firstTime(ev) || !isMessageCreated(ev.data)) return;
    const msg = ev.data;
    // The receiver and every chat socket of the sender (their other tabs and devices).
    for (const userId of new Set([msg.receiver_id, msg.sender_id])) {
      const conns = userId == null ? undefined : this.byUser.get(userId);
      if (conns) for (const c of [...conns]) c.chat(msg);
    }
  }

  private onRevoked(sessionIds: string[]): void {
    const now = Date.now();
    for (const sid of sessionIds) {
      this.revokedAt.set(sid, now);
      const conns = this.bySession.get(sid);
      if (conns) for (const c of [...conns]) c.close('revoked');
    }
  }

  private firstTime(ev: PublishedEvent | undefined): boolean {
    if (!ev || typeof ev.eventId !== 'number') return false;
    if (this.seen.has(ev.eventId)) return false;
    this.seen.add(ev.eventId);
    if (this.seen.size > SEEN_EVENTS) this.seen.delete(this.seen.values().next().value as number);
    return true;
  }

  private each(kind: Connection['kind'], fn: (c: Connection) => void): void {
    for (const set of this.byUser.values()) for (const c of [...set]) if (c.kind === kind) fn(c);
  }

  private track(p: Promise<unknown>): void {
    const q = p
      .catch((err) => this.deps.log.warn({ err }, 'presence update failed'))
      .finally(() => this.pending.delete(q));
    this.pending.add(q);
  }
}

function addTo<K>(map: Map<K, Set<Connection>>, key: K, c: Connection): void {
  let set = map.get(key);
  if (!set) map.set(key, (set = new Set()));
  set.add(c);
}

function removeFrom<K>(map: Map<K, Set<Connection>>, key: K, c: Connection): boolean {
  const set = map.get(key);
  if (!set?.delete(c)) return false;
  if (set.size === 0) map.delete(key);
  return true;
}
