import autocannon from 'autocannon';

export interface LoadResult {
  requestsPerSecond: number;
  p99Ms: number;
  errors: number;
}

/** One autocannon run against a URL on loopback; bounded in time. */
export async function load(url: string, seconds: number, connections = 50): Promise<LoadResult> {
  const result = await autocannon({ url, connections, duration: seconds, pipelining: 1 });
  return {
    requestsPerSecond: result.requests.average,
    p99Ms: result.latency.p99,
    errors: result.errors + result.non2xx,
  };
}

export interface Row {
  figure: string;
  value: string;
  reference: string;
  ratio: string;
  bar: string;
  verdict: string;
}

export function printTable(rows: Row[]) {
  const headers: Row = {
    figure: 'figure',
    value: 'value',
    reference: 'reference',
    ratio: 'ratio',
    bar: 'bar',
    verdict: '',
  };
  const all = [headers, ...rows];
  const keys = Object.keys(headers) as (keyof Row)[];
  const widths = keys.map((k) => Math.max(...all.map((r) => r[k].length)));
  for (const row of all) console.log(keys.map((k, i) => row[k].padEnd(widths[i]!)).join('  '));
}
