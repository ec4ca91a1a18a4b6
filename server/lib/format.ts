/** 1234567 -> '1 234 567' (a space between thousands, as Russian texts write sums). */
export const groupThousands = (n: number) => String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ' ');

/** Roubles as a document writes them: '1 002,50 ₽' (computed from whole kopecks, never float digits). */
export function formatRoublesRu(roubles: number): string {
  const kopecks = Math.round(roubles * 100);
  const sign = kopecks < 0 ? '−' : '';
  const abs = Math.abs(kopecks);
  return `${sign}${groupThousands(Math.trunc(abs / 100))},${String(abs % 100).padStart(2, '0')} ₽`;
}

/** An instant as dd.mm.yyyy in Moscow time (the documents' time zone). */
export function formatDateRu(iso: string | Date): string {
  return new Intl.DateTimeFormat('ru-RU', {
    timeZone: 'Europe/Moscow',
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
  }).format(new Date(iso));
}
