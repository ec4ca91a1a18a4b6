// The soak's one table: operations, faults with their recovery, violations.
import type { FaultResult } from './faults';
import type { Recorder } from './http';

export function printSoakTable(
  recorder: Recorder,
  faults: FaultResult[],
  violations: string[],
  run: { seconds: number; limits: string[] },
) {
  const rows: string[][] = [['', 'attempted', 'acknowledged', 'failed', 'note']];
  let total = [0, 0, 0];
  for (const [kind, t] of recorder.tallies) {
    const why = [...t.statuses].sort((a, b) => b[1] - a[1]).slice(0, 3);
    rows.push([
      kind,
      String(t.attempted),
      String(t.acknowledged),
      String(t.failed),
      why.map(([label, n]) => `${label} ×${n}`).join('; '),
    ]);
    total = [total[0]! + t.attempted, total[1]! + t.acknowledged, total[2]! + t.failed];
  }
  rows.push(['all operations', ...total.map(String), `in ${run.seconds} s`]);
  rows.push(['', '', '', '', '']);
  for (const line of run.limits) rows.push(['', '', '', '', line]);
  rows.push(['', '', '', '', '']);
  rows.push([
    'fault',
    'at (s)',
    'recovery',
    'db away',
    'recovery: from the fault until both instances are ready',
  ]);
  for (const f of faults) {
    const recovery = f.recoveryMs === null ? 'NONE' : `${(f.recoveryMs / 1000).toFixed(2)} s`;
    rows.push([
      f.kind,
      String(f.atSecond),
      recovery,
      f.terminated === undefined ? `${(f.downMs / 1000).toFixed(2)} s` : '',
      f.terminated !== undefined
        ? `${f.terminated} connections ended`
        : f.recoveryMs === null
          ? ''
          : `ready ${((f.recoveryMs - f.downMs) / 1000).toFixed(2)} s after the database was back`,
    ]);
  }
  rows.push(['faults injected', String(faults.length), '', '', '']);
  rows.push(['', '', '', '', '']);
  rows.push(['violations', String(violations.length), '', '', violations.length === 0 ? 'none' : '']);
  for (const v of violations.slice(0, 40)) rows.push(['', '', '', '', v]);
  if (violations.length > 40) rows.push(['', '', '', '', `… and ${violations.length - 40} more`]);
  const widths = rows[0]!.map((_, i) =>
    Math.max(...rows.filter((r) => r[i] !== undefined).map((r) => r[i]!.length)),
  );
  for (const row of rows) {
    console.log(
      row
        .map((cell, i) => (i === 0 || i === 4 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!)))
        .join('  ')
        .trimEnd(),
    );
  }
}
