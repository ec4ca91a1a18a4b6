import { afterEach, describe, expect, it, vi } from 'vitest';
import { startIntervalJob } from './interval-job';

describe('startIntervalJob', () => {
  afterEach(() => vi.useRealTimers());

  it('runs the work on each tick, never two at once, reports failures and waits for a run on stop', async () => {
    vi.useFakeTimers();
    let active = 0;
    let most = 0;
    let runs = 0;
    let finish: () => void = () => undefined;
    const errors: unknown[] = [];
    const job = startIntervalJob(
      () => {
        runs++;
        active++;
        most = Math.max(most, active);
        return new Promise<void>((resolve, reject) => {
          finish = () => {
            active--;
            if (runs === 2) reject(new Error('boom'));
            else resolve();
          };
        });
      },
      { intervalMs: 100, onError: (error) => errors.push(error) },
    );
    await vi.advanceTimersByTimeAsync(100);
    await vi.advanceTimersByTimeAsync(300); // ticks while the first run is still going: skipped
    expect(runs).toBe(1);
    finish();
    await vi.advanceTimersByTimeAsync(100);
    expect(runs).toBe(2);
    finish();
    await vi.advanceTimersByTimeAsync(0);
    expect(errors).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(100);
    expect(runs).toBe(3);
    let stopped = false;
    const stopping = job.stop().then(() => (stopped = true));
    await vi.advanceTimersByTimeAsync(0);
    expect(stopped).toBe(false);
    finish();
    await stopping;
    await vi.advanceTimersByTimeAsync(1000);
    expect(runs).toBe(3);
    expect(most).toBe(1);
  });
});
