import cluster, { type Worker } from 'node:cluster';

/** Which of the processes this is: `index` 0 runs the interval jobs; a single process is worker 0 of 1. */
export interface WorkerRole {
  index: number;
  count: number;
}

const INDEX_VARIABLE = 'KOPILKA_WORKER_INDEX';

/** A worker forked by `runPrimary` learns its index from its environment; a lone process is 0 of 1. */
export function workerRole(count: number): WorkerRole {
  if (cluster.isPrimary) return { index: 0, count: 1 };
  return { index: Number(process.env[INDEX_VARIABLE] ?? 0), count };
}

/** More restarts than this within RESTART_WINDOW_MS means the workers cannot start: the primary gives up. */
const MAX_RESTARTS = 5;
const RESTART_WINDOW_MS = 30_000;
/** How long a worker has to finish its requests in flight after SIGTERM before the primary stops waiting. */
const SHUTDOWN_GRACE_MS = 15_000;

/**
 * One Node.js thread limits the money path to one core (decision 029): the primary prepares the database once
 * (migrations, the demo seed), then forks `count` workers that each run the whole app on the same port (the
 * cluster module hands each new connection to one of them in turn). A worker that dies is replaced; SIGTERM and
 * SIGINT reach every worker, which finishes its requests in flight, and the primary exits when all are gone.
 */
export async function runPrimary(
  count: number,
  prepare: () => Promise<void>,
  log: (line: string) => void = (line) => console.log(line),
): Promise<void> {
  await prepare();
  let closing = false;
  const restarts: number[] = [];
  const fork = (index: number): Worker => {
    const worker = cluster.fork({ [INDEX_VARIABLE]: String(index) });
    worker.on('exit', (code, signal) => {
      if (closing) return;
      const now = Date.now();
      restarts.push(now);
      while (restarts.length && restarts[0]! < now - RESTART_WINDOW_MS) restarts.shift();
      if (restarts.length > MAX_RESTARTS) {
        log(`worker ${index} keeps exiting (code ${code}, signal ${signal}): stopping`);
        void stopAll(1);
        return;
      }
      log(`worker ${index} exited (code ${code}, signal ${signal}): starting another`);
      workers[index] = fork(index);
    });
    return worker;
  };
  const workers = Array.from({ length: count }, (_, index) => fork(index));

  const stopAll = async (exitCode: number) => {
    if (closing) return;
    closing = true;
    const alive = workers.filter((w) => !w.isDead());
    const exited = Promise.all(alive.map((w) => new Promise((done) => w.once('exit', done))));
    for (const worker of alive) worker.process.kill('SIGTERM');
    const force = setTimeout(() => {
      for (const worker of alive) if (!worker.isDead()) worker.process.kill('SIGKILL');
    }, SHUTDOWN_GRACE_MS).unref();
    await exited;
    clearTimeout(force);
    process.exit(exitCode);
  };
  process.on('SIGTERM', () => void stopAll(0));
  process.on('SIGINT', () => void stopAll(0));
  log(`started ${count} workers`);
}
