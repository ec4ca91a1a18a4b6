import * as auth from './schema/auth';
import * as brand from './schema/brand';

/** Every table, for the typed query builder. A new schema file is added here. */
export const schema = { ...brand, ...auth };
