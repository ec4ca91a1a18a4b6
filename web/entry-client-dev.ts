// `npm run dev` only (server/features/site/dev-site.ts): React Refresh's preamble, then the site's entry, so
// every component module finds the refresh runtime when it loads. The build never includes this file.
import '@vitejs/plugin-react/preamble';
import './entry-client';
