import { fileURLToPath } from 'node:url';
import swc from 'unplugin-swc';
import { defineConfig } from 'vitest/config';

const inRepository = (path: string) => fileURLToPath(new URL(path, import.meta.url));

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
    // Workspace packages resolve to their TypeScript sources under test. Aliases, not the
    // 'source' export condition: some dependencies publish a 'source' entry of their own.
    alias: [
      { find: /^@docent\/common\/(.+)$/, replacement: inRepository('./common/src/$1/index.ts') },
      { find: /^@docent\/plugin-sdk$/, replacement: inRepository('./plugins/sdk/src/index.ts') },
      { find: /^@docent\/migrations$/, replacement: inRepository('./migrations/index.ts') },
    ],
  },
  test: {
    reporters: ['default', './tests/support/summary-reporter.ts'],
    include: [
      '{backend,common,plugins,migrations}/**/src/**/*.spec.ts',
      'frontend/app/**/*.spec.{ts,tsx}',
      'tests/contract/**/*.spec.ts',
      'scripts/**/*.spec.ts',
    ],
    exclude: ['**/node_modules/**', '**/dist/**'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    server: { deps: { inline: [/@docent\//] } },
  },
});
