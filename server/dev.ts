/**
 * `npm run dev`: the server and the site from their sources, in watch mode (README, "Working on it"). tsx
 * watch restarts this process when a server file changes (the embedded database stays in DATA_DIR, ./.data);
 * Vite serves the site's modules, re-renders a changed component on the server and hot-updates it in the
 * browser (React Refresh). Never for production: NODE_ENV=production is refused.
 */
import { loadConfig } from './config';
import { createDevSiteBundle } from './features/site/dev-site';
import { serveDevelopmentSite } from './features/site/site-renderer';

const production = (() => {
  try {
    return loadConfig().isProduction;
  } catch {
    return false; // main.ts reports the bad setting by its name
  }
})();
if (production) {
  console.error('npm run dev serves the sources through Vite: it is refused with NODE_ENV=production');
  process.exit(78);
}

serveDevelopmentSite(createDevSiteBundle);
// After the line above: main.ts starts the process as `npm start` does, with the development site.
await import('./main');
