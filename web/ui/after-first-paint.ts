import { useEffect, useState } from 'react';

/**
 * Runs `work` once the browser has painted what is on screen and has a moment to spare: after the next frame,
 * then in an idle callback (at most `timeoutMs` later where the browser has one, a task otherwise). What is
 * deferred this way stays out of the task that hydrates or renders the page, so it neither delays the first
 * paint nor makes that task longer (decision 035). Returns what cancels it.
 */
export function afterFirstPaint(work: () => void, timeoutMs = 500): () => void {
  let cancelled = false;
  let idle: number | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const run = () => {
    if (!cancelled) work();
  };
  const frame = requestAnimationFrame(() => {
    // The frame callback runs before the paint; the task after it runs after the paint.
    timer = setTimeout(() => {
      if (typeof requestIdleCallback === 'function') idle = requestIdleCallback(run, { timeout: timeoutMs });
      else run();
    }, 0);
  });
  return () => {
    cancelled = true;
    cancelAnimationFrame(frame);
    if (timer !== undefined) clearTimeout(timer);
    if (idle !== undefined) cancelIdleCallback(idle);
  };
}

/** False on the server and in the first client render; true once the page has been painted (above). */
export function useAfterFirstPaint(): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => afterFirstPaint(() => setPainted(true)), []);
  return painted;
}

/** Lets the browser paint and handle input between two parts of a long piece of work. */
export function yieldToMain(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

/**
 * Resolves once the browser has painted the next frame (a frame callback, then the task after the paint), or
 * after `fallbackMs` where no frame comes (a page opened in a background tab paints only when shown).
 */
export function afterNextPaint(fallbackMs = 100): Promise<void> {
  return new Promise((resolve) => {
    const fallback = setTimeout(resolve, fallbackMs);
    requestAnimationFrame(() =>
      setTimeout(() => {
        clearTimeout(fallback);
        resolve();
      }, 0),
    );
  });
}
