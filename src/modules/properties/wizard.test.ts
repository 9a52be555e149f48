import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { propertySteps } from '../../../test/helpers/property-payloads.ts';
import { errorFields, world, type World } from './properties.test-support.ts';

describe('The creation wizard: POST /properties then POST /properties/{id} step by step', () => {
  let w: World;
  before(async () => {
    w = await world();
  });
  after(() => w.close());

  it('saves one step at a time; the draft turns active when steps 1–6 are complete; 7 and 8 count once sent', async () => {
    const steps = propertySteps(w.refs);
    const created = await w.req('POST', '/properties', 'owner', steps[0]);
    assert.equal(created.statusCode, 201, created.body);
    const id = created.json().data.id;
    assert.equal(created.json().data.status, 'draft');
    assert.deepEqual(created.json().data.completed_steps, [1]);
    const expected: Array<[number[], string]> = [
      [[1, 2], 'draft'],
      [[1, 2, 3], 'draft'],
      [[1, 2, 3, 4], 'draft'],
      [[1, 2, 3, 4, 5], 'draft'],
    ];
    for (const [i, [done, status]] of expected.entries()) {
      const res = await w.req('POST', `/properties/${id}`, 'owner', steps[i + 1]);
      assert.equal(res.statusCode, 200, res.body);
      assert.deepEqual(res.json().data.completed_steps, done);
      assert.equal(res.json().data.status, status);
      assert.equal((await w.req('GET', `/properties/${id}`, 'anonymous')).statusCode, 404, 'a draft stays private');
    }
    const optional = await w.req('POST', `/properties/${id}`, 'owner', { ...steps[6], ...steps[7] });
    assert.deepEqual(optional.json().data.completed_steps, [1, 2, 3, 4, 5, 7, 8]);
    assert.equal(optional.json().data.status, 'draft', 'optional steps do not complete the listing');
    const last = await w.req('POST', `/properties/${id}`, 'owner', steps[5]);
    assert.equal(last.statusCode, 200, last.body);
    assert.equal(last.json().data.status, 'active');
    assert.deepEqual(last.json().data.completed_steps, [1, 2, 3, 4, 5, 6, 7, 8]);
    assert.equal((await w.req('GET', `/properties/${id}`, 'anonymous')).statusCode, 200, 'now public');
    const again = await w.req('POST', `/properties/${id}`, 'owner', { public_name: 'Renamed' });
    assert.equal(again.statusCode, 409, 'only drafts are saved step by step');
  });

  it('a step sent in halves completes once both halves are stored', async () => {
    const id = (await w.create('owner', { who_are_you: 'individual' })).id;
    const step2 = propertySteps(w.refs)[1]!;
    const half = await w.req('POST', `/properties/${id}`, 'owner', {
      internal_name: step2.internal_name,
      public_name: step2.public_name,
    });
    assert.deepEqual(half.json().data.completed_steps, [1]);
    const rest = await w.req('POST', `/properties/${id}`, 'owner', {
      type: step2.type,
      description: step2.description,
    });
    assert.deepEqual(rest.json().data.completed_steps, [1, 2]);
  });

  it('a bad field in a step is 422 and saves nothing of that request', async () => {
    const id = (await w.create('owner', { who_are_you: 'individual' })).id;
    const res = await w.req('POST', `/properties/${id}`, 'owner', { internal_name: 'Good name', description: 'short' });
    assert.equal(res.statusCode, 422);
    assert.deepEqual(errorFields(res), ['description']);
    assert.equal((await w.row(id))!.internalName, null);
  });

  it("another owner's draft is 404, another owner's public listing 403; an admin may fill an owner's draft", async () => {
    const draft = (await w.create('owner', { who_are_you: 'individual' })).id;
    assert.equal(
      (await w.req('POST', `/properties/${draft}`, 'otherOwner', { public_name: 'Mine now' })).statusCode,
      404,
    );
    assert.equal((await w.req('POST', `/properties/${draft}`, 'client', { public_name: 'Mine now' })).statusCode, 404);
    assert.equal(
      (await w.req('POST', `/properties/${draft}`, 'anonymous', { public_name: 'Mine now' })).statusCode,
      401,
    );
    const active = (await w.create('owner', w.full())).id;
    assert.equal(
      (await w.req('POST', `/properties/${active}`, 'otherOwner', { public_name: 'Mine now' })).statusCode,
      403,
    );
    const byAdmin = await w.req('POST', `/properties/${draft}`, 'admin', { public_name: 'Filled by admin' });
    assert.equal(byAdmin.statusCode, 200, byAdmin.body);
    assert.equal(byAdmin.json().data.public_name, 'Filled by admin');
    assert.equal(byAdmin.json().data.user_id, w.users.owner.id);
    assert.equal((await w.audits(draft)).at(-1)!.action, 'property.update');
    assert.equal((await w.req('POST', '/properties/987654', 'owner', { public_name: 'Ghost' })).statusCode, 404);
  });

  it('an owner cannot hand a draft to someone else (403)', async () => {
    const id = (await w.create('owner', { who_are_you: 'individual' })).id;
    assert.equal(
      (await w.req('POST', `/properties/${id}`, 'owner', { user_id: w.users.otherOwner.id })).statusCode,
      403,
    );
    assert.equal((await w.row(id))!.ownerId, w.users.owner.id);
  });
});
