// Jest runs the unit and integration suites as native ES modules (the repository is
// "type": "module"), so it needs Node's --experimental-vm-modules: `npm run test:unit`.
// https://jestjs.io/docs/ecmascript-modules

// SWC compiles the TypeScript so that Nest's decorator metadata (constructor
// parameter types) is emitted, which dependency injection reads.
const swc = (tsx) => [
  '@swc/jest',
  {
    jsc: {
      target: 'es2022',
      parser: { syntax: 'typescript', tsx, decorators: true },
      transform: { legacyDecorator: true, decoratorMetadata: true, react: { runtime: 'automatic' } },
      keepClassNames: true,
    },
  },
];

/** @type {import('jest').Config} */
export default {
  testEnvironment: '<rootDir>/tests/support/jest-environment.js',
  testMatch: [
    '<rootDir>/{backend,common,plugins,migrations}/**/src/**/*.spec.ts',
    '<rootDir>/frontend/app/**/*.spec.{ts,tsx}',
    '<rootDir>/tests/contract/**/*.spec.ts',
    '<rootDir>/scripts/**/*.spec.ts',
  ],
  testPathIgnorePatterns: ['/node_modules/', '/dist/'],
  extensionsToTreatAsEsm: ['.ts', '.tsx'],
  transform: { '\\.ts$': swc(false), '\\.tsx$': swc(true) },
  moduleNameMapper: {
    // Workspace packages resolve to their TypeScript sources under test. Not the 'source'
    // export condition: some dependencies publish a 'source' entry of their own.
    '^@docent/common/(.+)$': '<rootDir>/common/src/$1/index.ts',
    '^@docent/plugin-sdk$': '<rootDir>/plugins/sdk/src/index.ts',
    '^@docent/migrations$': '<rootDir>/migrations/index.ts',
    // The ES-module-only Nest packages, also for the CommonJS packages that require() them.
    '^@nestjs/(common|core)$': '<rootDir>/tests/support/require-esm/nestjs-$1.cjs',
    // The sources import './module.js' for './module.ts', as Node's ES modules need once compiled.
    '^(\\.{1,2}/.*)\\.js$': '$1',
  },
  setupFilesAfterEnv: ['<rootDir>/tests/support/require-esm/setup.js'],
  // Test globals come from '@jest/globals', imported by each file.
  injectGlobals: false,
  testTimeout: 30_000,
  // Each file runs in a worker process; the integration suites each start the server on
  // in-memory PGlite, so two workers, one per core of the CI machine.
  maxWorkers: 2,
  // Node does not free the vm modules Jest builds for a test file, nor what they reach: an
  // integration file leaves about 45 MB of heap behind in its worker. A worker whose heap
  // has grown past this after a file is replaced (less memory, and less time in GC).
  workerIdleMemoryLimit: '512MB',
  reporters: ['default', '<rootDir>/tests/support/summary-reporter.js'],
};
