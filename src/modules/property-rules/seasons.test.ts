import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { countRows } from '../../../test/helpers/catalog-factories.ts';
import { createItem, errorFields, rulesWorld, type RulesWorld } from './property-rules.test-support.ts';

describe('seasons', () => {
  let w: RulesWorld;
  before(async () => {
    w = await rulesWorld();
  });
  after(() => w.close());

  const base = { name: 'High', start_date: '2031-07-01', end_date: '2031-07-31' };

  it('creates with defaults, reads back as written, lists by start date', async () => {
    const listing = await w.newListing();
    const later = await createItem(w, listing.id, 'seasons', {
      ...base,
      reduction_percent: 12.5,
      min_stay: 3,
      max_stay: 10,
    });
    assert.deepEqual(later, {
      id: later.id,
      name: 'High',
      start_date: '2031-07-01',
      end_date: '2031-07-31',
      reduction_percent: 12.5,
      min_stay: 3,
      max_stay: 10,
    });
    const earlier = await createItem(w, listing.id, 'seasons', {
      name: '  Low  ',
      start_date: '2031-01-01',
      end_date: '2031-01-31',
    });
    assert.deepEqual(
      {
        name: earlier.name,
        reduction_percent: earlier.reduction_percent,
        min_stay: earlier.min_stay,
        max_stay: earlier.max_stay,
      },
      { name: 'Low', reduction_percent: 0, min_stay: null, max_stay: null },
    );
    const list = (await w.req('GET', `/properties/${listing.id}/seasons`, 'anonymous')).json();
    assert.deepEqual(
      list.data.map((s: { id: number }) => s.id),
      [earlier.id, later.id],
    );
    assert.equal(list.meta.total, 2);
  });

  it('refuses each invalid field with 422 naming it, and writes nothing', async () => {
    const listing = await w.newListing();
    const before = await countRows(w.t.deps, 'seasons');
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ ...base, name: '   ' }, 'name'],
      [{ start_date: base.start_date, end_date: base.end_date }, 'name'],
      [{ ...base, start_date: '2031-02-30' }, 'start_date'],
      [{ ...base, start_date: '2031-7-01' }, 'start_date'],
      [{ ...base, end_date: 'tomorrow' }, 'end_date'],
      [{ ...base, end_date: '2031-06-30' }, 'end_date'],
      [{ ...base, reduction_percent: 100.01 }, 'reduction_percent'],
      [{ ...base, reduction_percent: -1 }, 'reduction_percent'],
      [{ ...base, reduction_percent: 12.345 }, 'reduction_percent'],
      [{ ...base, min_stay: 0 }, 'min_stay'],
      [{ ...base, min_stay: 1.5 }, 'min_stay'],
      [{ ...base, max_stay: 0 }, 'max_stay'],
      [{ ...base, min_stay: 5, max_stay: 4 }, 'max_stay'],
    ];
    for (const [body, field] of cases) {
      const res = await w.req('POST', `/properties/${listing.id}/seasons`, 'owner', body);
      assert.equal(res.statusCode, 422, `${JSON.stringify(body)}: ${res.body}`);
      assert.ok(errorFields(res).includes(field), `${field} named in ${res.body}`);
    }
    assert.equal(await countRows(w.t.deps, 'seasons'), before);
    assert.equal(
      (
        await w.req('POST', `/properties/${listing.id}/seasons`, 'owner', {
          ...base,
          start_date: '2032-02-29',
          end_date: '2032-02-29',
          reduction_percent: 100,
        })
      ).statusCode,
      201,
      'a leap day, one day long, 100 %',
    );
  });

  it('seasons may not share a day: both ends are included; adjacent seasons are fine', async () => {
    const listing = await w.newListing();
    const summer = await createItem(w, listing.id, 'seasons', {
      name: 'Summer',
      start_date: '2031-06-01',
      end_date: '2031-08-31',
    });
    for (const [start, end] of [
      ['2031-08-31', '2031-09-10'],
      ['2031-05-20', '2031-06-01'],
      ['2031-07-01', '2031-07-02'],
      ['2031-05-01', '2031-09-30'],
    ]) {
      const res = await w.req('POST', `/properties/${listing.id}/seasons`, 'owner', {
        name: 'Clash',
        start_date: start,
        end_date: end,
      });
      assert.equal(res.statusCode, 409, `${start}..${end}`);
      assert.equal(res.json().code, 'CONFLICT');
      assert.match(res.json().message, /"Summer"/);
      assert.match(res.json().message, new RegExp(`id ${summer.id}`));
    }
    assert.equal(
      (
        await w.req('POST', `/properties/${listing.id}/seasons`, 'owner', {
          name: 'Autumn',
          start_date: '2031-09-01',
          end_date: '2031-10-31',
        })
      ).statusCode,
      201,
    );
    assert.equal(
      (
        await w.req('POST', `/properties/${listing.id}/seasons`, 'owner', {
          name: 'Spring',
          start_date: '2031-03-01',
          end_date: '2031-05-31',
        })
      ).statusCode,
      201,
    );
    const other = await w.newListing();
    assert.equal(
      (
        await w.req('POST', `/properties/${other.id}/seasons`, 'owner', {
          name: 'Same dates elsewhere',
          start_date: '2031-06-01',
          end_date: '2031-08-31',
        })
      ).statusCode,
      201,
    );
  });

  it('updates are partial, re-checked as a whole, and may not move a season onto another', async () => {
    const listing = await w.newListing();
    const a = await createItem(w, listing.id, 'seasons', {
      name: 'A',
      start_date: '2031-01-01',
      end_date: '2031-01-31',
      min_stay: 2,
      max_stay: 5,
    });
    const b = await createItem(w, listing.id, 'seasons', {
      name: 'B',
      start_date: '2031-03-01',
      end_date: '2031-03-31',
    });
    const url = `/properties/${listing.id}/seasons/${a.id}`;

    const renamed = await w.req('PUT', url, 'owner', { name: 'A2', reduction_percent: 5.25 });
    assert.equal(renamed.statusCode, 200);
    assert.deepEqual(renamed.json().data, { ...a, name: 'A2', reduction_percent: 5.25 });
    assert.equal(
      (await w.req('PUT', url, 'owner', { start_date: '2031-01-15', end_date: '2031-01-20' })).statusCode,
      200,
      'shrinking within itself is not a clash',
    );

    const moved = await w.req('PUT', url, 'owner', { end_date: '2031-03-01' });
    assert.equal(moved.statusCode, 409);
    assert.match(moved.json().message, /"B"/);
    assert.equal(
      (await w.req('PUT', url, 'owner', { start_date: '2031-02-01' })).statusCode,
      422,
      'start after the stored end',
    );
    assert.ok(errorFields(await w.req('PUT', url, 'owner', { start_date: '2031-02-01' })).includes('end_date'));
    const tooShort = await w.req('PUT', url, 'owner', { max_stay: 1 });
    assert.equal(tooShort.statusCode, 422, 'merged with the stored min_stay 2');
    assert.deepEqual(errorFields(tooShort), ['max_stay']);

    const cleared = await w.req('PUT', url, 'admin', { min_stay: null, max_stay: null });
    assert.equal(cleared.statusCode, 200);
    assert.equal(cleared.json().data.min_stay, null);
    assert.equal(cleared.json().data.max_stay, null);
    assert.equal((await w.req('PUT', url, 'owner', { max_stay: 1 })).statusCode, 200, 'no minimum any more');
    const stored = (await w.req('GET', `/properties/${listing.id}/seasons`, 'anonymous')).json().data;
    assert.deepEqual(
      stored.find((s: { id: number }) => s.id === a.id),
      {
        id: a.id,
        name: 'A2',
        start_date: '2031-01-15',
        end_date: '2031-01-20',
        reduction_percent: 5.25,
        min_stay: null,
        max_stay: 1,
      },
    );
    assert.deepEqual(
      stored.find((s: { id: number }) => s.id === b.id),
      b,
      'the other season is unchanged',
    );
  });

  it('two overlapping seasons created at the same moment: exactly one is created', async () => {
    const listing = await w.newListing();
    for (let round = 0; round < 5; round++) {
      const year = 2040 + round;
      const [x, y] = await Promise.all([
        w.req('POST', `/properties/${listing.id}/seasons`, 'owner', {
          name: `X${round}`,
          start_date: `${year}-06-01`,
          end_date: `${year}-06-30`,
        }),
        w.req('POST', `/properties/${listing.id}/seasons`, 'admin', {
          name: `Y${round}`,
          start_date: `${year}-06-15`,
          end_date: `${year}-07-15`,
        }),
      ]);
      assert.deepEqual([x.statusCode, y.statusCode].sort(), [201, 409], `round ${round}: ${x.body} / ${y.body}`);
    }
    assert.equal((await w.req('GET', `/properties/${listing.id}/seasons`, 'owner')).json().meta.total, 5);
  });
});
