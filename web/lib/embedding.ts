import { useEffect } from 'react';

/** The parent's origin, where the browser tells it; framing is already limited to allowed partners by CSP. */
function parentOrigin(): string {
  const ancestors = (window.location as Location & { ancestorOrigins?: DOMStringList }).ancestorOrigins;
  if (ancestors && ancestors.length > 0) return ancestors[0]!;
  try {
    if (document.referrer) return new URL(document.referrer).origin;
  } catch {
    // An unreadable referrer: fall through.
  }
  // The height is not a secret; without a known parent it goes to whoever framed us.
  return '*';
}

export function isEmbedded(): boolean {
  try {
    return window.parent !== window;
  } catch {
    return true;
  }
}

/**
 * When the site runs inside a partner's frame, tells the parent the page height (`{type: 'resize', height}`)
 * whenever it changes, so the frame can grow with the content.
 */
export function useEmbeddedResize() {
  useEffect(() => {
    if (!isEmbedded()) return;
    document.documentElement.classList.add('is-embedded');
    const target = parentOrigin();
    let last = -1;
    const post = () => {
      const height = Math.ceil(document.body.getBoundingClientRect().height);
      if (height === last) return;
      last = height;
      window.parent.postMessage({ type: 'resize', height }, target);
    };
    const observer = new ResizeObserver(post);
    observer.observe(document.body);
    post();
    return () => observer.disconnect();
  }, []);
}
