// The benchmark's verdict lines (bench/report.ts): a ratio is printed so that which side of its
// bound it falls on can be read from the digits (2026-11-27 night: "0.85 … need ≥ 0.85 FAIL").
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { ratioText, verdictLine, type Verdict } from '../bench/report.ts';

describe('bench verdict lines', () => {
  it('prints two decimals, more when the ratio would read as its bound', () => {
    assert.equal(ratioText(0.7312, 0.85), '0.73');
    assert.equal(ratioText(0.8496, 0.85), '0.8496');
    assert.equal(ratioText(0.8512, 0.85), '0.851');
    assert.equal(ratioText(0.85, 0.85), '0.85');
    assert.equal(ratioText(2.0049, 2), '2.005');
  });

  it('never prints a ratio on the wrong side of its bound as the bound itself, within four decimals', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 0, max: 3, noNaN: true }),
        fc.constantFrom(0.4, 0.5, 0.55, 0.6, 0.85, 0.9, 2),
        (ratio, bound) => {
          const text = ratioText(ratio, bound);
          if (Math.abs(ratio - bound) >= 0.00005 && ratio !== bound)
            assert.notEqual(Number(text), bound, `${ratio} printed as ${text}`);
        },
      ),
    );
  });

  it('the line names the verdict after the printed ratio', () => {
    const v: Verdict = {
      requirement: 'auth',
      metric: 'reqPerSec',
      text: 'authentication keeps 85%',
      numerator: 'session-auth',
      denominator: 'session-anon',
      ratio: 0.8496,
      perRound: [0.89, 0.74],
      bound: 0.85,
      pass: false,
      cpuRatio: null,
    };
    assert.match(verdictLine(v), /= 0\.8496 \(rounds: 0\.89, 0\.74; need ≥ 0\.85\) FAIL/);
  });
});
