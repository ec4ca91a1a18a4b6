import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import autocannon from 'autocannon';

export interface LoadResult {
  requestsPerSecond: number;
  p99Ms: number;
  errors: number;
}

export interface LoadOptions {
  connections?: number;
  headers?: Record<string, string>;
}

/** One autocannon run against a URL on loopback; bounded in time. */
export async function load(url: string, seconds: number, options: LoadOptions = {}): Promise<LoadResult> {
  const result = await autocannon({
    url,
    connections: options.connections ?? 50,
    duration: seconds,
    pipelining: 1,
    headers: options.headers ?? {},
  });
  return {
    requestsPerSecond: result.requests.average,
    p99Ms: result.latency.p99,
    errors: result.errors + result.non2xx,
  };
}

/** One line of the benchmark table: a figure, its same-run reference, the ratio, the bar and the verdict. */
export interface Row {
  figure: string;
  value: string;
  reference: string;
  ratio: string;
  bar: string;
  verdict: string;
}

/** What a part of the benchmark hands to bench/run.ts: its rows, and lines worth printing under the table. */
export interface Report {
  rows: Row[];
  notes: string[];
}

export const verdict = (met: boolean) => (met ? 'ok' : 'MISSED');

export function printTable(rows: Row[]) {
  const headers: Row = {
    figure: 'figure',
    value: 'value',
    reference: 'reference (same run)',
    ratio: 'ratio',
    bar: 'bar',
    verdict: '',
  };
  const all = [headers, ...rows];
  const keys = Object.keys(headers) as (keyof Row)[];
  const widths = keys.map((k) => Math.max(...all.map((r) => r[k].length)));
  for (const row of all)
    console.log(
      keys
        .map((k, i) => row[k].padEnd(widths[i]!))
        .join('  ')
        .trimEnd(),
    );
}

export function printReport({ rows, notes }: Report) {
  printTable(rows);
  if (notes.length) console.log('');
  for (const note of notes) console.log(note);
}

/** Whether the module at `url` is the script node was started with (not imported by bench/run.ts). */
export function isMain(url: string): boolean {
  const script = process.argv[1];
  return script !== undefined && pathToFileURL(resolve(script)).href === url;
}

export const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

export const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
