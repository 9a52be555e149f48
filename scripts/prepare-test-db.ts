// Builds the migrated template database once per test run (see test/helpers/test-database.ts).
import { prepareTemplate, testDatabaseUrl } from '../test/helpers/test-database.ts';

await prepareTemplate();
console.log(`test template ready (${testDatabaseUrl ? 'PostgreSQL' : 'PGlite'})`);
process.exit(0);
