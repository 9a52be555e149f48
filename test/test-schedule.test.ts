// run-once: the order `npm test` deals its files in depends on neither the database nor the Node version
// How `npm test` deals its files to processes (scripts/lib/test-schedule.mjs).
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { estimator, makespan, scheduleGroups, type TestGroup as Group } from '../scripts/lib/test-schedule.mjs';

const tables = fc.dictionary(
  fc.stringMatching(/^[a-z]{1,8}\.test\.ts$/),
  fc.double({ min: 0.1, max: 200, noNaN: true }),
  { minKeys: 1, maxKeys: 60 },
);

describe('the test files dealt to processes', () => {
  it('puts every file in exactly one group of at most maxSize, longest group first', () => {
    fc.assert(
      fc.property(
        tables,
        fc.integer({ min: 1, max: 4 }),
        fc.integer({ min: 1, max: 12 }),
        (table, concurrency, maxSize) => {
          const files = Object.keys(table);
          const groups: Group[] = scheduleGroups(files, (f: string) => table[f]!, { concurrency, maxSize });
          assert.deepEqual(groups.flatMap((g) => g.files).sort(), [...files].sort());
          for (const g of groups) assert.ok(g.files.length >= 1 && g.files.length <= maxSize);
          for (let i = 1; i < groups.length; i++) assert.ok(groups[i - 1]!.seconds >= groups[i]!.seconds);
        },
      ),
    );
  });

  it('ends within one group of the even share: greedy list scheduling of the groups in that order', () => {
    fc.assert(
      fc.property(tables, fc.integer({ min: 1, max: 4 }), (table, concurrency) => {
        const files = Object.keys(table);
        const groups: Group[] = scheduleGroups(files, (f: string) => table[f]!, { concurrency, maxSize: 10 });
        const total = files.reduce((sum, f) => sum + table[f]!, 0);
        const longest = Math.max(...groups.map((g) => g.seconds));
        assert.ok(makespan(groups, concurrency) <= total / concurrency + longest + 1e-6);
      }),
    );
  });

  it('starts the slowest files first, where the old round-robin by size left one at the end', () => {
    // The shape of the PostgreSQL pass of 2026-11-28: a few files of 60–100 s among many short ones.
    const table: Record<string, number> = {
      'balancer.test.ts': 100,
      'lifecycle.test.ts': 83,
      'crash.test.ts': 64,
      'fuzz.test.ts': 61,
    };
    for (let i = 0; i < 60; i++) table[`small-${String(i).padStart(2, '0')}.test.ts`] = 3 + (i % 7);
    const groups: Group[] = scheduleGroups(Object.keys(table), (f: string) => table[f]!, {
      concurrency: 3,
      maxSize: 10,
    });
    const slow = ['balancer.test.ts', 'lifecycle.test.ts', 'crash.test.ts', 'fuzz.test.ts'];
    const at = slow.map((f) => groups.findIndex((g) => g.files.includes(f)));
    for (const i of at) assert.equal(groups[i]!.files.length, 1, 'a slow file runs in a group of its own');
    assert.ok(Math.max(...at) < 6, `the slow files' groups start among the first: ${at}`);
    for (const g of groups.slice(-3))
      assert.ok(
        g.files.every((f) => f.startsWith('small-')),
        'the pass ends on short files',
      );
    const total = Object.values(table).reduce((a, b) => a + b, 0);
    assert.ok(
      makespan(groups, 3) < total / 3 + 15,
      `makespan ${makespan(groups, 3)} against an even share of ${total / 3}`,
    );
  });

  it("estimates a file never measured from its size, at the measured files' median seconds per byte", () => {
    const sizes: Record<string, number> = {
      'a.test.ts': 1000,
      'b.test.ts': 2000,
      'c.test.ts': 4000,
      'new.test.ts': 3000,
    };
    const estimate = estimator({ 'a.test.ts': 1, 'b.test.ts': 4, 'c.test.ts': 4 }, (f: string) => sizes[f]!);
    assert.equal(estimate('b.test.ts'), 4);
    // seconds per byte: 0.001, 0.002, 0.001 → median 0.001
    assert.equal(estimate('new.test.ts'), 3);
    // No table at all: still ordered by size.
    const bySize = estimator({}, (f: string) => sizes[f]!);
    assert.ok(bySize('c.test.ts') > bySize('new.test.ts') && bySize('new.test.ts') > bySize('a.test.ts'));
  });

  it('deals the same table the same way every time', () => {
    const table: Record<string, number> = { 'x.test.ts': 5, 'y.test.ts': 5, 'z.test.ts': 5, 'w.test.ts': 5 };
    const once = scheduleGroups(Object.keys(table), (f: string) => table[f]!, { concurrency: 2, maxSize: 1 });
    const again = scheduleGroups(Object.keys(table).reverse(), (f: string) => table[f]!, {
      concurrency: 2,
      maxSize: 1,
    });
    assert.deepEqual(once, again);
  });
});
