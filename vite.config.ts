import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

/**
 * The site's build. The client gets one stylesheet (linked in the server's first HTML, so no route's styles
 * arrive late and nothing jumps) and a manifest the server reads to link the entry.
 */
export default defineConfig(({ isSsrBuild }) => ({
  plugins: [react()],
  resolve: {
    alias: [
      {
        find: /^use-sync-external-store\/shim\/index\.js$/,
        replacement: fileURLToPath(new URL('./web/lib/router/use-sync-external-store.ts', import.meta.url)),
      },
    ],
  },
  publicDir: false,
  build: isSsrBuild
    ? {
        outDir: 'dist/ssr',
        emptyOutDir: true,
        ssr: 'web/entry-server.tsx',
        target: 'node20',
        // Minified like the client's, so a stylesheet imported with ?url (the console's) gets the same hashed
        // name in the server's render as in the client build.
        cssMinify: true,
        cssTarget: 'es2022',
        rolldownOptions: { output: { entryFileNames: 'entry-server.js' } },
      }
    : {
        outDir: 'dist/client',
        emptyOutDir: true,
        manifest: true,
        cssCodeSplit: false,
        target: 'es2022',
        rolldownOptions: { input: 'web/entry-client.tsx' },
      },
  ssr: { noExternal: [] },
}));
