// The service's metrics over prom-client. Each app keeps its own Registry, never prom-client's
// global one: tests and the several-instances proofs build several apps in one process, and each
// must report only its own figures (a global registry also refuses a second metric of a name).
import { timingSafeEqual, createHash } from 'node:crypto';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { MetricCounter, MetricGauge, MetricLabels, Metrics } from '../kernel/services.ts';

interface WarnLog {
  warn(obj: object, msg: string): void;
}

export class PrometheusMetrics implements Metrics {
  readonly registry = new Registry();
  private readonly collectors: Array<() => void | Promise<void>> = [];

  constructor(private readonly log: WarnLog) {
    // Process metrics: CPU, memory, heap, handles, GC, and event-loop lag (nodejs_eventloop_lag_*).
    collectDefaultMetrics({ register: this.registry });
  }

  // A name asked for again (a second job runner on these deps) gets the metric already there.
  counter(name: string, help: string, labelNames: readonly string[] = []): MetricCounter {
    const c =
      (this.registry.getSingleMetric(name) as Counter | undefined) ??
      new Counter({ name, help, labelNames, registers: [this.registry] });
    return { inc: (labels, by = 1) => (labels ? c.inc(labels, by) : c.inc(by)) };
  }

  gauge(name: string, help: string, labelNames: readonly string[] = []): MetricGauge {
    const g =
      (this.registry.getSingleMetric(name) as Gauge | undefined) ??
      new Gauge({ name, help, labelNames, registers: [this.registry] });
    return {
      set: ((a: MetricLabels | number, b?: number) =>
        typeof a === 'number' ? g.set(a) : g.set(a, b!)) as MetricGauge['set'],
    };
  }

  /** Platform only (request durations): modules count and measure through the Metrics interface. */
  histogram(name: string, help: string, labelNames: readonly string[], buckets?: number[]): Histogram {
    return new Histogram({ name, help, labelNames, buckets, registers: [this.registry] });
  }

  beforeScrape(collect: () => void | Promise<void>): void {
    this.collectors.push(collect);
  }

  /** The Prometheus text of every figure, gauges read from what is true now. */
  async render(): Promise<string> {
    await Promise.all(
      this.collectors.map(async (collect) => {
        try {
          await collect();
        } catch (err) {
          // The database being away must not cost the scrape: the figures that need it stay as
          // they were, the others (and the process's own) are still worth reading.
          this.log.warn({ err }, 'a metrics collector failed; its figures are stale');
        }
      }),
    );
    return this.registry.metrics();
  }

  get contentType(): string {
    return this.registry.contentType;
  }
}

/** Metrics when nobody scrapes them: every call does nothing. */
export const noMetrics: Metrics = {
  counter: () => ({ inc: () => {} }),
  gauge: () => ({ set: () => {} }),
  beforeScrape: () => {},
};

/** Whether an Authorization header carries this bearer token (compared in constant time). */
export function carriesToken(header: string | undefined, token: string): boolean {
  const m = /^Bearer\s+(\S+)$/i.exec(header ?? '');
  if (!m) return false;
  const digest = (s: string) => createHash('sha256').update(s).digest();
  return timingSafeEqual(digest(m[1]!), digest(token));
}
