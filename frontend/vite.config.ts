import { vitePlugin as remix } from '@remix-run/dev';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

declare module '@remix-run/node' {
  interface Future {
    v3_singleFetch: true;
  }
}

export default defineConfig({
  plugins: [
    remix({
      future: {
        v3_fetcherPersist: true,
        v3_relativeSplatPath: true,
        v3_throwAbortReason: true,
        v3_singleFetch: true,
        v3_lazyRouteDiscovery: true,
      },
    }),
  ],
  // The workspace's shared package is TypeScript source; let Vite compile it.
  resolve: {
    alias: { '~': fileURLToPath(new URL('./app', import.meta.url)) },
    conditions: ['source'],
  },
  ssr: {
    // Bundled for the server too: styled-components' ESM build does not load as a Node external.
    noExternal: [/^@docent\//, 'styled-components'],
    resolve: { conditions: ['source'], externalConditions: ['source'] },
  },
});
