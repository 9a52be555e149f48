// The first admin from ADMIN_EMAIL / ADMIN_PASSWORD, made by whichever instance gets there first:
// several instances starting at once on one database make one account, and only the one that
// made it says so (each used to log "first admin account created").
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { Writable } from 'node:stream';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app.ts';
import { createLogger } from '../../platform/logger.ts';
import type { Deps } from '../../kernel/deps.ts';
import { ensureFirstAdmin } from './ensure-first-admin.ts';
import { eq } from 'drizzle-orm';
import { users } from '../../db/schema/index.ts';

describe('ensureFirstAdmin', () => {
  let text = '';
  let t: TestApp;
  before(async () => {
    t = await createTestApp({
      log: createLogger(
        'info',
        new Writable({
          write(chunk, _enc, cb) {
            text += String(chunk);
            cb();
          },
        }),
      ),
    });
  });
  after(() => t?.close());

  it('three instances at once: one admin account, one "created" line', async () => {
    const email = 'first-admin@example.test';
    const config = { ...t.deps.config, ADMIN_EMAIL: email, ADMIN_PASSWORD: 'first-admin-password' };
    const instance: Deps = { ...t.deps, config };
    await Promise.all([ensureFirstAdmin(instance), ensureFirstAdmin(instance), ensureFirstAdmin(instance)]);
    const admins = await t.deps.db.select({ role: users.role }).from(users).where(eq(users.email, email));
    assert.deepEqual(admins, [{ role: 'admin' }]);
    assert.equal(text.match(/first admin account created/g)?.length, 1, text);
  });
});
