// Turns the rounds of measurements into the printed table, the requirement verdicts and the JSON.
// Medians over rounds, and ratios taken within a round: on a shared or small machine the
// throughput drifts by tens of percent between runs, while two scenarios measured back to back
// see the same conditions.
import os from 'node:os';
import type autocannon from 'autocannon';
import type { Requirement, Scenario, Steadiness } from './scenarios.ts';
import { idleState } from './idle-poll.ts';

export interface Sample {
  reqPerSec: number;
  p50Ms: number;
  /** Exact, from every response's latency (autocannon's histogram has p90 and p97.5, not p95). */
  p95Ms: number;
  p99Ms: number;
  requests: number;
  non2xx: number;
  /** Connection errors other than timeouts. */
  connectionErrors: number;
  timeouts: number;
  mismatches: number;
  /** Answers that were not 2xx, by status code (absent for a direct load). */
  statuses?: Record<string, number>;
  /** Server CPU time per completed request; null when it cannot be read. */
  cpuUsPerReq: number | null;
}

/** One entry per round: scenario name → its measurement in that round. */
export type Rounds = Array<Map<string, Sample>>;

export interface Row {
  scenario: string;
  measures: string;
  reqPerSec: number;
  minReqPerSec: number;
  maxReqPerSec: number;
  p50Ms: number;
  p95Ms: number;
  p99Ms: number;
  cpuUsPerReq: number | null;
  requests: number;
  errors: number;
  detail: {
    non2xx: number;
    connectionErrors: number;
    timeouts: number;
    mismatches: number;
    statuses: Record<string, number>;
  };
  vsBaseline: number | null;
}

export interface Verdict {
  requirement: string;
  metric: Requirement['metric'];
  text: string;
  numerator: string;
  denominator: string;
  ratio: number;
  perRound: number[];
  /** The bound: a minimum for req/s ratios, a maximum for latency ratios. */
  bound: number;
  pass: boolean;
  /** The same relation from server CPU per request (denominator's over numerator's): less noisy. */
  cpuRatio: number | null;
}

/** The q-quantile (nearest rank) of the latencies; 0 when there are none. */
export function quantile(latencies: Float64Array | number[], q: number): number {
  if (latencies.length === 0) return 0;
  const sorted = Float64Array.from(latencies).sort();
  return Math.round(sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]! * 100) / 100;
}

export function sampleOf(r: autocannon.Result, serverCpuSeconds: number | null, latencies: number[]): Sample {
  // autocannon's `errors` already includes its timeouts; split so nothing is counted twice.
  return {
    reqPerSec: r.requests.average,
    p50Ms: r.latency.p50,
    p95Ms: quantile(latencies, 0.95),
    p99Ms: r.latency.p99,
    requests: r.requests.total,
    non2xx: r.non2xx,
    connectionErrors: r.errors - r.timeouts,
    timeouts: r.timeouts,
    mismatches: r.mismatches,
    statuses: Object.fromEntries(
      Object.entries(r.statusCodeStats ?? {})
        .filter(([code]) => !code.startsWith('2'))
        .map(([code, v]) => [code, v.count]),
    ),
    cpuUsPerReq:
      serverCpuSeconds === null || r.requests.total === 0 ? null : (serverCpuSeconds * 1e6) / r.requests.total,
  };
}

export const errorsOf = (s: Sample) => s.non2xx + s.connectionErrors + s.timeouts + s.mismatches;

function median(values: number[]): number {
  const v = [...values].sort((a, b) => a - b);
  const mid = Math.floor(v.length / 2);
  return v.length % 2 ? v[mid]! : (v[mid - 1]! + v[mid]!) / 2;
}

const round3 = (n: number) => Math.round(n * 1000) / 1000;

function ratios(
  rounds: Rounds,
  numerator: string,
  denominator: string,
  of: (s: Sample) => number | null = (s) => s.reqPerSec,
): number[] {
  return rounds
    .map((r) => [r.get(numerator), r.get(denominator)].map((s) => (s ? of(s) : null)))
    .filter((pair): pair is number[] => pair[0] !== null && pair[1] !== null && pair[1]! > 0)
    .map(([a, b]) => a! / b!);
}

const cpu = (s: Sample) => s.cpuUsPerReq;

/** `baselineFor` names the row each scenario is compared with (its own server process's baseline). */
export function summarize(scenarios: Scenario[], rounds: Rounds, baselineFor: (s: Scenario) => string): Row[] {
  return scenarios.map((s) => {
    const baseline = baselineFor(s);
    const samples = rounds.map((r) => r.get(s.name)).filter((x): x is Sample => x !== undefined);
    const sum = (f: (x: Sample) => number) => samples.reduce((acc, x) => acc + f(x), 0);
    const vs = ratios(rounds, s.name, baseline);
    return {
      scenario: s.name,
      measures: s.measures,
      reqPerSec: Math.round(median(samples.map((x) => x.reqPerSec))),
      minReqPerSec: Math.round(Math.min(...samples.map((x) => x.reqPerSec))),
      maxReqPerSec: Math.round(Math.max(...samples.map((x) => x.reqPerSec))),
      p50Ms: round3(median(samples.map((x) => x.p50Ms))),
      p95Ms: round3(median(samples.map((x) => x.p95Ms))),
      p99Ms: round3(median(samples.map((x) => x.p99Ms))),
      cpuUsPerReq: samples.every((x) => x.cpuUsPerReq !== null)
        ? Math.round(median(samples.map((x) => x.cpuUsPerReq!)))
        : null,
      requests: sum((x) => x.requests),
      errors: sum(errorsOf),
      detail: {
        non2xx: sum((x) => x.non2xx),
        connectionErrors: sum((x) => x.connectionErrors),
        timeouts: sum((x) => x.timeouts),
        mismatches: sum((x) => x.mismatches),
        statuses: samples.reduce<Record<string, number>>((acc, x) => {
          for (const [code, n] of Object.entries(x.statuses ?? {})) acc[code] = (acc[code] ?? 0) + n;
          return acc;
        }, {}),
      },
      vsBaseline: vs.length ? round3(median(vs)) : null,
    };
  });
}

export function verdicts(requirements: Requirement[], rounds: Rounds): Verdict[] {
  return requirements.flatMap((q) => {
    const latency = q.metric === 'p95Ms';
    const perRound = ratios(rounds, q.numerator, q.denominator, latency ? (s) => s.p95Ms : undefined);
    if (perRound.length === 0) return [];
    const ratio = median(perRound);
    // Throughput ratios compare CPU per request the other way round; latency ratios the same way.
    const byCpu = latency
      ? ratios(rounds, q.numerator, q.denominator, cpu)
      : ratios(rounds, q.denominator, q.numerator, cpu);
    const bound = q.metric === 'p95Ms' ? q.maxRatio : q.minRatio;
    return [
      {
        requirement: q.name,
        metric: q.metric,
        text: q.text,
        numerator: q.numerator,
        denominator: q.denominator,
        ratio: round3(ratio),
        perRound: perRound.map(round3),
        bound,
        pass: latency ? ratio <= bound : ratio >= bound,
        cpuRatio: byCpu.length ? round3(median(byCpu)) : null,
      },
    ];
  });
}

export interface SteadinessVerdict {
  scenario: string;
  text: string;
  perRound: number[];
  /** (max − min) / max of the rounds' req/s. */
  spread: number;
  bound: number;
  minRounds: number;
  /** null: too few rounds for a verdict. */
  pass: boolean | null;
}

export function steadinessVerdicts(checks: Steadiness[], rounds: Rounds): SteadinessVerdict[] {
  return checks.flatMap((c) => {
    const perRound = rounds.map((r) => r.get(c.scenario)?.reqPerSec).filter((x): x is number => x !== undefined);
    if (perRound.length === 0) return [];
    const max = Math.max(...perRound);
    const spread = max > 0 ? (max - Math.min(...perRound)) / max : 0;
    return [
      {
        scenario: c.scenario,
        text: c.text,
        perRound: perRound.map(Math.round),
        spread: round3(spread),
        bound: c.maxSpread,
        minRounds: c.minRounds,
        pass: perRound.length < c.minRounds ? null : spread <= c.maxSpread,
      },
    ];
  });
}

export function steadinessLine(v: SteadinessVerdict): string {
  const verdict =
    v.pass === null
      ? `NO VERDICT (${v.perRound.length} rounds, needs BENCH_ROUNDS=${v.minRounds})`
      : v.pass
        ? 'PASS'
        : 'FAIL';
  return `rounds of ${v.scenario}: ${v.perRound.join(', ')} req/s, spread ${(v.spread * 100).toFixed(1)}% (need ≤ ${(v.bound * 100).toFixed(0)}%) ${verdict}: ${v.text}`;
}

export function table(rows: Row[], baseline: string): string {
  const head = [
    'scenario',
    'req/s',
    'min–max',
    'p50 ms',
    'p95 ms',
    'p99 ms',
    'errors',
    `vs ${baseline}`,
    'server CPU µs/req',
  ];
  const body = rows.map((r) => [
    r.scenario,
    String(r.reqPerSec),
    `${r.minReqPerSec}–${r.maxReqPerSec}`,
    String(r.p50Ms),
    String(r.p95Ms),
    String(r.p99Ms),
    String(r.errors),
    r.vsBaseline === null ? '–' : r.vsBaseline.toFixed(2),
    r.cpuUsPerReq === null ? '–' : String(r.cpuUsPerReq),
  ]);
  const widths = head.map((h, i) => Math.max(h.length, ...body.map((b) => b[i]!.length)));
  const line = (cells: string[]) =>
    `| ${cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join(' | ')} |`;
  const rule = `|${widths.map((w, i) => (i === 0 ? '-'.repeat(w + 2) : `${'-'.repeat(w + 1)}:`)).join('|')}|`;
  return [line(head), rule, ...body.map(line)].join('\n');
}

/**
 * A ratio with two decimals, or as many more (up to four) as it takes not to print the bound itself
 * for a ratio on either side of it: against 0.85, 0.8496 prints "0.8496" (a FAIL that would
 * otherwise read "0.85, need ≥ 0.85") and 0.8512 "0.851".
 */
export function ratioText(ratio: number, bound: number): string {
  let digits = 2;
  while (digits < 4 && ratio !== bound && ratio.toFixed(digits) === bound.toFixed(digits)) digits++;
  return ratio.toFixed(digits);
}

export function verdictLine(v: Verdict): string {
  const what = v.metric === 'p95Ms' ? 'p95' : 'req/s';
  const need = v.metric === 'p95Ms' ? `≤ ${v.bound.toFixed(2)}` : `≥ ${v.bound.toFixed(2)}`;
  return (
    `${what} ${v.numerator} / ${v.denominator} = ${ratioText(v.ratio, v.bound)} (rounds: ${v.perRound.map((r) => r.toFixed(2)).join(', ')}; need ${need}) ` +
    `${v.pass ? 'PASS' : 'FAIL'}: ${v.text}` +
    (v.cpuRatio === null
      ? ''
      : `\n  by server CPU per request the same ratio is ${v.cpuRatio.toFixed(2)} (not the criterion; shows whether a verdict is noise)`)
  );
}

export function machine() {
  return {
    cpu: os.cpus()[0]?.model.trim() ?? 'unknown',
    cpus: os.availableParallelism(),
    memoryGiB: Math.round((os.totalmem() / 2 ** 30) * 10) / 10,
    node: process.version,
    platform: `${os.type()} ${os.release()}`,
    // How idle CPUs wait decides what a wake-up costs the server (idle-poll.ts).
    idle: idleState(),
  };
}
