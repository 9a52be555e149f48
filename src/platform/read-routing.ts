// Public reads on a streaming replica (contract §13), and when not to.
//
// Lag is measured by position, not by the replica's last replay time (which stands still on an
// idle primary): every poll takes a listing-change stamp, then the primary's WAL position, then
// the replica's replay position. The newest primary sample the replica has replayed is what it is
// "caught up to": the replica has every commit made before that sample was taken, and every
// listing change announced before its stamp. Lag is the age of that sample, computed when a read
// is routed, so polls that stop answering (a replica gone) make it grow by themselves.
//
// A read goes to the primary when the replica is unreachable or lags more than
// REPLICA_MAX_LAG_MS, when its caller wrote in the last READ_YOUR_WRITES_MS (on any instance:
// writes are announced on the bus), or when it is about one listing changed after the point the
// replica is caught up to. A replica read hands its caches the caught-up stamp, so a cache never
// keeps what the replica returned for a listing whose change it may not have replayed yet.
import type { Database } from '../db/connection.ts';
import type { Deps, ReadChoice, ReadRoutes, ReadScope } from '../kernel/deps.ts';
import type { ListingChanges, MetricCounter, Metrics } from '../kernel/services.ts';
import type { EventBus } from '../ports/event-bus.ts';

const WROTE_TOPIC = 'reads.caller-wrote';
/** Primary samples kept while the replica is behind (older ones are thinned out). */
const SAMPLES_MAX = 512;

interface Sample {
  at: number;
  lsn: bigint;
  stamp: number;
}

export interface ReadRouterOptions {
  primary: Database;
  /** The replica, opened with the primary as its fallback; null: every read on the primary. */
  replica: Database | null;
  listings: ListingChanges;
  bus: EventBus;
  metrics: Metrics;
  maxLagMs: number;
  readYourWritesMs: number;
  /** How often lag is measured; default a quarter of maxLagMs, at most 500 ms. */
  pollMs?: number;
  /** Where the instance's own writes come from (its announcements come back on the bus). */
  origin: string;
}

export class ReadRouter implements ReadRoutes {
  private readonly samples: Sample[] = [];
  private caughtUp: Sample | null = null;
  private reachable = false;
  private measuredLagMs: number | null = null;
  private readonly writes = new Map<number, number>();
  private readonly routed: MetricCounter;
  private timer: NodeJS.Timeout | undefined;
  private closed = false;
  private readonly unsubscribe: () => void;
  private readonly pollMs: number;

  constructor(private readonly o: ReadRouterOptions) {
    this.pollMs = o.pollMs ?? Math.min(500, Math.max(10, Math.floor(o.maxLagMs / 4)));
    this.routed = o.metrics.counter(
      'stays_db_reads_total',
      'Public reads routed, by the server that answers them and why (replica, or the reason for the primary)',
      ['server', 'reason'],
    );
    const lag = o.metrics.gauge(
      'stays_db_replica_lag_seconds',
      'How far the read replica is behind the primary, by WAL position (-1: unreachable or unknown)',
    );
    const up = o.metrics.gauge(
      'stays_db_replica_up',
      'Whether the read replica answered its last lag check (1) or not (0)',
    );
    const fallbacks = o.metrics.counter(
      'stays_db_replica_fallbacks_total',
      'Replica statements run again on the primary because the replica could not answer them',
    );
    this.onFallback = () => fallbacks.inc();
    if (o.replica) {
      o.metrics.beforeScrape(() => {
        lag.set(this.measuredLagMs === null ? -1 : this.measuredLagMs / 1000);
        up.set(this.reachable ? 1 : 0);
      });
    }
    this.unsubscribe = o.replica
      ? o.bus.subscribe(WROTE_TOPIC, (m) => {
          const p = m.payload as { id?: number; origin?: string };
          if (p.origin !== o.origin && typeof p.id === 'number') this.writes.set(p.id, Date.now());
        })
      : () => {};
    if (o.replica) void this.poll();
  }

  /** Counts a replica statement answered by the primary (openDatabase's `fallback.onFallback`). */
  onFallback: () => void;

  choose(scope: ReadScope): ReadChoice {
    const replica = this.o.replica;
    if (!replica) return { server: 'primary', db: this.o.primary.db, stamp: null };
    const why = this.primaryBecause(scope);
    this.routed.inc({ server: why ? 'primary' : 'replica', reason: why ?? 'replica' });
    if (why) return { server: 'primary', db: this.o.primary.db, stamp: null };
    return { server: 'replica', db: replica.db, stamp: this.caughtUp!.stamp };
  }

  wrote(callerId: number): void {
    if (!this.o.replica) return;
    this.writes.set(callerId, Date.now());
    this.o.bus.publish(WROTE_TOPIC, { id: callerId, origin: this.o.origin }).catch(() => {});
  }

  /** The replica's lag as last measured, in ms (null: unknown or unreachable). */
  lagMs(): number | null {
    return this.measuredLagMs;
  }

  close(): void {
    this.closed = true;
    clearTimeout(this.timer);
    this.unsubscribe();
  }

  private primaryBecause(scope: ReadScope): string | null {
    if (!this.reachable) return 'unreachable';
    const caughtUp = this.caughtUp;
    const now = Date.now();
    if (!caughtUp || now - caughtUp.at > this.o.maxLagMs) return 'lagging';
    if (scope.callerId != null) {
      const wroteAt = this.writes.get(scope.callerId);
      if (wroteAt !== undefined && now - wroteAt <= this.o.readYourWritesMs) return 'own-write';
    }
    if (scope.listingId !== undefined && this.o.listings.changedSince(scope.listingId, caughtUp.stamp, 'nights'))
      return 'listing-changed';
    return null;
  }

  private async poll(): Promise<void> {
    if (this.closed) return;
    try {
      await this.measure();
    } finally {
      if (!this.closed) {
        this.timer = setTimeout(() => void this.poll(), this.pollMs);
        this.timer.unref();
      }
    }
  }

  private async measure(): Promise<void> {
    const stamp = this.o.listings.stamp();
    const at = Date.now();
    let primaryLsn: bigint;
    try {
      primaryLsn = await position(this.o.primary, 'current');
    } catch {
      return; // the primary's own outage is /readyz's to report; the replica is judged next time
    }
    this.samples.push({ at, lsn: primaryLsn, stamp });
    if (this.samples.length > SAMPLES_MAX) this.samples.splice(1, 1);
    let replayed: bigint;
    try {
      replayed = await position(this.o.replica!, 'replayed');
      this.reachable = true;
    } catch {
      this.reachable = false;
      this.measuredLagMs = null;
      return;
    }
    let newest = -1;
    for (let i = 0; i < this.samples.length && this.samples[i]!.lsn <= replayed; i++) newest = i;
    if (newest >= 0) {
      this.caughtUp = this.samples[newest]!;
      this.samples.splice(0, newest);
    }
    this.measuredLagMs = this.caughtUp ? Math.max(0, Date.now() - this.caughtUp.at) : null;
    const cutoff = Date.now() - this.o.readYourWritesMs;
    for (const [id, wroteAt] of this.writes) if (wroteAt < cutoff) this.writes.delete(id);
  }
}

/** "16/B374D848" (pg_lsn as text) as a number. */
async function position(database: Database, which: 'current' | 'replayed'): Promise<bigint> {
  const text = await database.walPosition(which);
  if (!text) throw new Error('no WAL position (not a streaming replica?)');
  const [hi, lo] = text.split('/');
  return (BigInt(`0x${hi}`) << 32n) + BigInt(`0x${lo}`);
}

/**
 * The deps a public read runs with: `db` on the server `deps.reads` chose and, on the replica,
 * `readAt`, the listing-change stamp its data is current at, so the caches the read fills refuse
 * what may be stale. The deps themselves when the read runs on the primary.
 */
export function readDeps(deps: Deps, scope: ReadScope): Deps {
  const choice = deps.reads.choose(scope);
  if (choice.server === 'primary' || choice.stamp === null) return deps;
  return { ...deps, db: choice.db, readAt: choice.stamp };
}
