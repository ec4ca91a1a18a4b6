/**
 * A bar chart drawn as SVG by hand (decision 031): no chart library, so the console's chunk stays small and the
 * customer pages carry nothing. One or two series of non-negative values per day; the figures themselves are in
 * the tables below the charts (the chart is a picture of them, with a text alternative).
 */
export interface Series {
  label: string;
  values: number[];
  className: string;
}

const W = 720;
const H = 180;
const PAD = { left: 8, right: 8, top: 12, bottom: 22 };

export function BarChart({
  title,
  days,
  series,
  format,
}: {
  title: string;
  days: string[];
  series: Series[];
  format: (value: number) => string;
}) {
  const max = Math.max(1, ...series.flatMap((s) => s.values));
  const slot = (W - PAD.left - PAD.right) / Math.max(1, days.length);
  // At most 40 units a bar, so a range of a day or two does not draw slabs.
  const bar = Math.max(1, Math.min(40, (slot * 0.8) / series.length));
  const offset = (slot - bar * series.length) / 2;
  const height = (v: number) => ((H - PAD.top - PAD.bottom) * Math.max(0, v)) / max;
  const labelEvery = Math.ceil(days.length / 8);
  const summary = series.map((s) => `${s.label}: ${format(s.values.reduce((a, b) => a + b, 0))}`).join('; ');
  return (
    <figure className="admin-chart">
      <figcaption>{title}</figcaption>
      <svg viewBox={`0 0 ${W} ${H}`} role="img" aria-label={`${title}. ${summary}`}>
        <line
          x1={PAD.left}
          x2={W - PAD.right}
          y1={H - PAD.bottom}
          y2={H - PAD.bottom}
          className="admin-chart-axis"
        />
        {days.map((day, i) => (
          <g key={day}>
            {series.map((s, j) => {
              const h = height(s.values[i] ?? 0);
              return (
                <rect
                  key={s.label}
                  className={s.className}
                  x={PAD.left + i * slot + offset + j * bar}
                  y={H - PAD.bottom - h}
                  width={bar}
                  height={h}
                >
                  <title>{`${day.split('-').reverse().join('.')}: ${s.label} ${format(s.values[i] ?? 0)}`}</title>
                </rect>
              );
            })}
            {i % labelEvery === 0 && (
              <text
                x={PAD.left + i * slot + slot / 2}
                y={H - 6}
                textAnchor="middle"
                className="admin-chart-label"
              >
                {day.slice(8, 10)}.{day.slice(5, 7)}
              </text>
            )}
          </g>
        ))}
      </svg>
      {series.length > 1 && (
        <p className="admin-chart-legend">
          {series.map((s) => (
            <span key={s.label}>
              <svg width="12" height="12" aria-hidden="true">
                <rect width="12" height="12" className={s.className} />
              </svg>{' '}
              {s.label}
            </span>
          ))}
        </p>
      )}
    </figure>
  );
}
