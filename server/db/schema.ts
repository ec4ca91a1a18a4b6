import * as auth from './schema/auth';
import * as brand from './schema/brand';
import * as content from './schema/content';

/** Every table, for the typed query builder. A new schema file is added here. */
export const schema = { ...brand, ...auth, ...content };
