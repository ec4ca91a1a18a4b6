/**
 * Registers the site's service worker (web/sw/service-worker.ts; docs/decisions/028) and reports a new version
 * once it is installed and waiting, so the page can offer the update instead of swapping code under a person.
 */
export function registerServiceWorker(onUpdate: (activate: () => void) => void): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  const container = navigator.serviceWorker;
  let reloading = false;
  let updateAccepted = false;
  container.addEventListener('controllerchange', () => {
    // The person agreed to update: load the page again under the new version (once).
    if (!reloading && updateAccepted) {
      reloading = true;
      window.location.reload();
    }
  });
  const offer = (worker: ServiceWorker) =>
    onUpdate(() => {
      updateAccepted = true;
      worker.postMessage('skip-waiting');
    });
  const register = () =>
    container
      .register('/sw.js', { scope: '/' })
      .then((registration) => {
        // A version installed on an earlier visit, still waiting for the tabs of the old one to close.
        if (registration.waiting && container.controller) offer(registration.waiting);
        registration.addEventListener('updatefound', () => {
          const installing = registration.installing;
          installing?.addEventListener('statechange', () => {
            // With no controller this is the first install, not an update: nothing to offer.
            if (installing.state === 'installed' && container.controller) offer(installing);
          });
        });
      })
      .catch(() => {
        // No worker (a private window, an insecure origin): the site works as before, only not offline.
      });
  // After the page's load: the worker's precache of every asset must not compete with the page's own first
  // requests (its pictures, its data), which is what a first visit on a slow phone is measured by.
  if (document.readyState === 'complete') void register();
  else window.addEventListener('load', () => void register(), { once: true });
}
