// Catalogue load at scale (issue 29, decision 060): a CSV file of 100,000 items (Windows-1251, ';', two barcodes
// each, 500 categories named) imported into a database of its own on the local PostgreSQL, through the service
// the console's endpoint calls (decode, parse, check every row, multi-row upserts in one transaction). Then the
// same file again (every row unchanged). Bar: under 60 s.
import pg from 'pg';
import { openDatabase } from '../server/db/client';
import { importCatalogueFile } from '../server/features/catalogue/import';
import { isMain, printReport, verdict, type Report } from './lib';

const SERVER = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const ITEMS = Number(process.env.BENCH_CATALOGUE_ITEMS ?? 100_000);
const databaseName = `kopilka_bench_catalogue_${process.pid}`;
const urlOf = (name: string) => Object.assign(new URL(SERVER), { pathname: `/${name}` }).toString();

async function sql(url: string, text: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await client.query(text);
  } finally {
    await client.end();
  }
}

/** An EAN-13 with its check digit. */
function ean13(twelve: string) {
  const sum = [...twelve].reduce((s, d, i) => s + Number(d) * (i % 2 ? 3 : 1), 0);
  return twelve + ((10 - (sum % 10)) % 10);
}

/** The file as Excel in Russia saves it: Windows-1251 (only Cyrillic and ASCII here), ';', CRLF. */
function catalogueFile(): Buffer {
  const lines = ['Артикул;Наименование;Категория;Штрихкоды;НДС;Не начислять;Не списывать;Группа'];
  for (let i = 1; i <= ITEMS; i++) {
    const a = ean13(String(460_000_000_000 + i * 2));
    const b = ean13(String(460_000_000_000 + i * 2 + 1));
    lines.push(`${100000 + i};"Товар №${i}, ""серия ${i % 97}""";C-${i % 500};${a} ${b};22%;нет;нет;`);
  }
  const text = lines.join('\r\n');
  const bytes = Buffer.alloc(text.length);
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    bytes[i] = code < 0x80 ? code : code === 0x2116 ? 0xb9 : code - 0x410 + 0xc0;
  }
  return bytes;
}

export async function catalogueImportReport(): Promise<Report> {
  await sql(SERVER, `create database ${databaseName}`);
  const database = await openDatabase({ kind: 'postgres', url: urlOf(databaseName), poolSize: 2 });
  try {
    const file = catalogueFile();
    const started = performance.now();
    const result = await importCatalogueFile(database.db, file, new Date());
    const seconds = (performance.now() - started) / 1000;
    if (result.items.created !== ITEMS) throw new Error(`created ${result.items.created} of ${ITEMS}`);
    const againStarted = performance.now();
    const again = await importCatalogueFile(database.db, file, new Date());
    const againSeconds = (performance.now() - againStarted) / 1000;
    if (again.items.unchanged !== ITEMS)
      throw new Error(`the second load changed ${ITEMS - again.items.unchanged}`);
    const mb = (file.length / 1024 / 1024).toFixed(1);
    return {
      rows: [
        {
          figure: `catalogue CSV import: ${ITEMS.toLocaleString('en')} items, ${mb} MB`,
          value: `${seconds.toFixed(1)} s`,
          reference: `same file again (all unchanged) ${againSeconds.toFixed(1)} s`,
          ratio: '',
          bar: '< 60 s',
          verdict: verdict(seconds < 60),
        },
      ],
      notes: [],
    };
  } finally {
    await database.close();
    await sql(SERVER, `drop database if exists ${databaseName} with (force)`);
  }
}

if (isMain(import.meta.url)) printReport(await catalogueImportReport());
