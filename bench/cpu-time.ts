import { readFileSync } from 'node:fs';

/** USER_HZ is 100 on Linux: /proc counts CPU in 10 ms ticks. */
export const TICK_MS = 10;

/** A process's user + system CPU in ms, from /proc (Linux); 0 once it is gone. */
export function cpuMs(pid: number): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) * TICK_MS;
  } catch {
    return 0;
  }
}

export const cpuMsOf = (pids: number[]) => pids.reduce((total, pid) => total + cpuMs(pid), 0);
