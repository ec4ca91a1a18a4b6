// What one Lighthouse result says against docs/design/quality.md's first-load bar, beside the static copy: the
// figures bench/lighthouse.ts reads from a run, the rows of `npm run bench`'s table and the part's own table.
import type { Result } from 'lighthouse';
import type { Row } from './lib';

/** A measured page: its name, whether it is the static copy (the reference), and its median run's figures. */
export interface MeasuredPage {
  target: { name: string; reference?: boolean };
  figures: Figures;
}

export interface Figures {
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  finalUrl: string;
  warnings: string[];
  /** Audits that cost the non-performance categories points. */
  failed: string[];
}

export function figures(lhr: Result): Figures {
  const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
  const value = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  return {
    performance: score('performance'),
    accessibility: score('accessibility'),
    bestPractices: score('best-practices'),
    seo: score('seo'),
    lcpMs: value('largest-contentful-paint'),
    tbtMs: value('total-blocking-time'),
    cls: value('cumulative-layout-shift'),
    finalUrl: lhr.finalDisplayedUrl,
    warnings: lhr.runWarnings,
    failed: ['accessibility', 'best-practices', 'seo'].flatMap((category) =>
      (lhr.categories[category]?.auditRefs ?? [])
        .filter(
          (ref) =>
            ref.weight > 0 && lhr.audits[ref.id]?.score !== null && (lhr.audits[ref.id]?.score ?? 1) < 1,
        )
        .map((ref) => `${category}: ${ref.id}`),
    ),
  };
}

/** Which of docs/design/quality.md's bars for the first load a page misses, beside the static copy. */
function missedBars(f: Figures, reference: Figures): string[] {
  return [
    f.performance < 98 ? 'perf' : '',
    f.lcpMs / reference.lcpMs > 1.2 ? 'LCP' : '',
    f.cls > 0.01 ? 'CLS' : '',
  ].filter(Boolean);
}

export function printLighthouseTable(rows: MeasuredPage[]) {
  const reference = rows.find((r) => r.target.reference)?.figures;
  const headers = [
    'page',
    'perf',
    'a11y',
    'best pr.',
    'SEO',
    'LCP',
    'TBT',
    'CLS',
    'perf / static',
    'LCP / static',
    'bar: perf>=98, LCP<=1.2x, CLS<=0.01',
  ];
  const lines = rows.map(({ target, figures: f }) => {
    const perfRatio = reference ? f.performance / reference.performance : Number.NaN;
    const lcpRatio = reference ? f.lcpMs / reference.lcpMs : Number.NaN;
    const missed = reference ? missedBars(f, reference) : [];
    return [
      target.name,
      String(f.performance),
      String(f.accessibility),
      String(f.bestPractices),
      String(f.seo),
      `${(f.lcpMs / 1000).toFixed(2)} s`,
      `${f.tbtMs.toFixed(0)} ms`,
      f.cls.toFixed(3),
      `${(perfRatio * 100).toFixed(0)}%`,
      `${lcpRatio.toFixed(2)}x`,
      target.reference ? '(reference)' : missed.length ? `MISSED ${missed.join(', ')}` : 'ok',
    ];
  });
  const all = [headers, ...lines];
  const widths = headers.map((_, i) => Math.max(...all.map((line) => line[i]!.length)));
  for (const line of all) console.log(line.map((cell, i) => cell.padEnd(widths[i]!)).join('  '));
}

const BAR = 'perf >= 98, LCP <= 1.2x, CLS <= 0.01';
const brief = (f: Figures) =>
  `perf ${f.performance}, LCP ${(f.lcpMs / 1000).toFixed(2)} s, CLS ${f.cls.toFixed(3)}`;

/** The rows of `npm run bench`'s one table: each page beside the static copy. */
export function tableRows(rows: MeasuredPage[]): Row[] {
  const reference = rows.find((r) => r.target.reference)!.figures;
  return rows.map(({ target, figures: f }) => {
    if (target.reference) {
      return {
        figure: `Lighthouse ${target.name}`,
        value: brief(f),
        reference: '',
        ratio: '',
        bar: '(reference)',
        verdict: '',
      };
    }
    const missed = missedBars(f, reference);
    return {
      figure: `Lighthouse ${target.name}`,
      value: `${brief(f)}, TBT ${f.tbtMs.toFixed(0)} ms`,
      reference: `static copy: ${brief(reference)}`,
      ratio: `LCP ${(f.lcpMs / reference.lcpMs).toFixed(2)}x`,
      bar: BAR,
      verdict: missed.length ? `MISSED ${missed.join(', ')}` : 'ok',
    };
  });
}
