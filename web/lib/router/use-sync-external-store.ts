// wouter imports `use-sync-external-store/shim`, a polyfill of the hook for React before 18; vite.config.ts
// points that import here, to the hook React 19 has built in, so the polyfill's code stays out of the entry.
export { useSyncExternalStore } from 'react';
