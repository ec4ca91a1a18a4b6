// The types of the local ESLint plugin (eslint-boundaries.mjs), for its test.
import type { ESLint } from 'eslint';

export const repoRoot: string;
export const boundaries: ESLint.Plugin;
export function resolveSpecifier(specifier: string, importerFile: string, root?: string): string | null;
export function aliasOf(path: string): string | null;
export function climbsToAlias(specifier: string, importerFile: string, root?: string): boolean;
