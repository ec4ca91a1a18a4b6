import { CATALOGUE_FILE_MAX_BYTES } from '#common/contract/catalogue';
import type { Db } from '#server/db/client';
import { inTransaction } from '#server/db/in-transaction';
import { AppError } from '#server/errors';
import { decodeCsv, detectDelimiter, parseCsv } from './csv';
import { refuseRows, rowsOf } from './csv-rows';
import { loadCatalogue } from './load';

type Audit = (tx: Db, counts: object) => Promise<void>;

/** The file's rows as the load's input (nothing is written here): every bad row found first. */
export function readCatalogueCsv(bytes: Uint8Array) {
  if (bytes.length > CATALOGUE_FILE_MAX_BYTES) {
    throw new AppError('PAYLOAD_TOO_LARGE', 'Файл больше 24 МБ: разделите его на несколько');
  }
  const text = decodeCsv(bytes);
  const { records, openQuoteAt } = parseCsv(text, detectDelimiter(text));
  if (openQuoteAt !== undefined) refuseRows([{ row: openQuoteAt, reason: 'кавычка открыта и не закрыта' }]);
  return rowsOf(records);
}

/**
 * Loads a CSV file (decision 060) in one transaction with its one audit row: a file with any bad row is refused
 * before anything is written, and a failure half-way leaves the catalogue as it was.
 */
export async function importCatalogueFile(db: Db, bytes: Uint8Array, at: Date, audit?: Audit) {
  const { kind, items, categories } = readCatalogueCsv(bytes);
  return inTransaction(db, async (tx) => {
    const result = await loadCatalogue(tx, { items, categories }, at);
    await audit?.(tx, { kind, ...result });
    return { kind, ...result };
  });
}

/** The ERP's batch, in one transaction with its one audit row (counts, not the rows). */
export function loadCatalogueBatch(
  db: Db,
  load: Parameters<typeof loadCatalogue>[1],
  at: Date,
  audit?: Audit,
) {
  return inTransaction(db, async (tx) => {
    const result = await loadCatalogue(tx, load, at);
    await audit?.(tx, result);
    return result;
  });
}
