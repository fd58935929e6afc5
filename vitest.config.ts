import swc from 'unplugin-swc';
import { defineConfig } from 'vitest/config';

// SWC compiles the TypeScript so that Nest's decorator metadata (constructor
// parameter types) is emitted; esbuild, Vite's default, drops it.
export default defineConfig({
  plugins: [
    swc.vite({
      jsc: {
        target: 'es2022',
        parser: { syntax: 'typescript', decorators: true },
        transform: { legacyDecorator: true, decoratorMetadata: true },
        keepClassNames: true,
      },
      module: { type: 'es6' },
    }),
  ],
  resolve: {
    // Workspace packages resolve to their TypeScript sources under test.
    conditions: ['source'],
  },
  ssr: {
    resolve: { conditions: ['source'], externalConditions: ['source'] },
  },
  test: {
    reporters: ['default', './tests/support/summary-reporter.ts'],
    include: [
      '{backend,common,plugins,migrations}/**/src/**/*.spec.ts',
      'frontend/app/**/*.spec.{ts,tsx}',
      'tests/contract/**/*.spec.ts',
    ],
    exclude: ['**/node_modules/**', '**/dist/**'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    server: { deps: { inline: [/@docent\//] } },
  },
});
