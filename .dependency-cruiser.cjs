// The import rules of docs/architecture.md, checked in CI (`npm run check:imports`). Each rule
// names the house rule it keeps; `npx depcruise src --config .dependency-cruiser.cjs` explains
// every violation with the import that breaks it.
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'kernel-imports-nothing-above',
      comment:
        'The kernel is below everything: it imports only itself (and libraries), never modules, platform, adapters, jobs or the wiring.',
      severity: 'error',
      from: { path: '^src/kernel/' },
      to: { path: '^src/(modules|platform|adapters|jobs)/|^src/(container|app|server)\\.ts$' },
    },
    {
      name: 'kernel-types-only-from-below',
      comment: 'The Deps type names the configuration, the database handle and the ports: type-only imports, no code.',
      severity: 'error',
      from: { path: '^src/kernel/' },
      to: { path: '^src/(config\\.ts|db/|ports/)', dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'modules-not-to-wiring',
      comment:
        'A module never imports the wiring file (container.ts), the app, the server or the job runner: the Deps type lives in the kernel.',
      severity: 'error',
      from: { path: '^src/modules/' },
      to: { path: '^src/(container|app|server)\\.ts$|^src/jobs/' },
    },
    {
      name: 'modules-not-to-adapters',
      comment: 'Modules talk to outside systems through ports; adapters are wired only in the container.',
      severity: 'error',
      from: { path: '^src/modules/' },
      to: { path: '^src/adapters/' },
    },
    {
      name: 'platform-not-to-modules',
      comment: 'Platform (errors, auth plumbing, envelope, idempotency…) is below the modules.',
      severity: 'error',
      from: { path: '^src/(platform|db|ports)/' },
      to: { path: '^src/(modules|adapters|jobs)/|^src/(container|app|server)\\.ts$' },
    },
    {
      name: 'adapters-not-to-modules',
      comment: 'An adapter implements a port; it knows nothing of the modules that use it.',
      severity: 'error',
      from: { path: '^src/adapters/' },
      to: { path: '^src/(modules|jobs)/|^src/(container|app|server)\\.ts$' },
    },
    {
      name: 'no-reach-into-another-module',
      comment:
        'A module uses another through its public index.ts (or an event), never its repositories or other internals.',
      severity: 'error',
      from: { path: '^src/modules/([^/]+)/' },
      to: { path: '^src/modules/', pathNot: ['^src/modules/$1/', '^src/modules/[^/]+/index\\.ts$'] },
    },
    {
      name: 'no-cycle-between-folders',
      comment: 'No two top-level folders of src/ and no two modules depend on each other, directly or around a loop.',
      severity: 'error',
      scope: 'folder',
      from: { path: '^src/' },
      to: { circular: true },
    },
    {
      name: 'no-import-circle',
      comment: 'No file imports itself around a loop, type-only imports included: a circle hides which file is below.',
      severity: 'error',
      from: { path: '^src/' },
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '\\.test\\.ts$|\\.test-support\\.ts$|^src/.*/test-support/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default'],
      extensions: ['.ts', '.js', '.mjs', '.json'],
    },
  },
};
