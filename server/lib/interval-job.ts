/**
 * Runs `work` every `intervalMs` in this process, one run at a time (a tick that finds the previous run still
 * going skips; the next catches up). The work itself must be safe to run on several instances at once. The timer
 * does not keep the process alive; `stop` waits for a run in progress.
 */
export function startIntervalJob(
  work: () => Promise<unknown>,
  options: { intervalMs: number; onError: (error: unknown) => void },
): { stop(): Promise<void> } {
  let running: Promise<void> | null = null;
  const run = () => {
    if (running) return;
    running = work()
      .then(() => undefined)
      .catch(options.onError)
      .finally(() => {
        running = null;
      });
  };
  const timer = setInterval(run, options.intervalMs);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
