// Rewrites every module specifier that climbs two folders or more (`../../`) and lands in common/, server/ or
// web/ to its alias (#common/…, #server/…, #web/…: package.json "imports", tsconfig "paths"), in the source of
// common/, server/, web/, bench/, e2e/ and scripts/ (decision 057). Static imports and re-exports, `import()`,
// `vi.mock()`, `vi.doMock()` and `vi.importActual()` alike. Re-runnable: an alias is left as it is, so a second
// run changes nothing. The files it changed are formatted with Prettier (a shorter specifier can join lines).
// Usage: node scripts/imports-codemod.mjs [--dry-run]
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { aliasOf, climbsToAlias, repoRoot, resolveSpecifier } from './eslint-boundaries.mjs';

const ROOTS = ['common', 'server', 'web', 'bench', 'e2e', 'scripts'];
const SOURCE = /\.(ts|tsx|mjs)$/;
const SKIP = new Set(['node_modules', 'dist']);
// A quoted specifier after `from`, a bare `import '…'`, or the first argument of import()/vi.mock() and kin.
const SPECIFIER =
  /(\bfrom\s*|\bimport\s*|\bimport\(\s*|\bvi\.(?:mock|doMock|unmock|importActual|importMock)\(\s*)(['"])((?:\.\.\/){2,}[^'"]*)\2/g;

function sourceFiles(dir, found = []) {
  for (const name of readdirSync(dir)) {
    if (SKIP.has(name)) continue;
    const path = join(dir, name);
    if (statSync(path).isDirectory()) sourceFiles(path, found);
    else if (SOURCE.test(name)) found.push(path);
  }
  return found;
}

/** The file's text with its climbing specifiers as aliases (the extension, if one was written, kept). */
export function rewrite(text, file) {
  return text.replace(SPECIFIER, (whole, lead, quote, specifier) => {
    if (!climbsToAlias(specifier, file)) return whole;
    const extension = specifier.match(/\.(ts|tsx|mjs|js)$/)?.[0] ?? '';
    const alias = aliasOf(resolveSpecifier(specifier, file));
    return `${lead}${quote}${alias}${extension}${quote}`;
  });
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const dryRun = process.argv.includes('--dry-run');
  const changed = [];
  for (const root of ROOTS) {
    for (const file of sourceFiles(join(repoRoot, root))) {
      const text = readFileSync(file, 'utf8');
      const next = rewrite(text, file);
      if (next === text) continue;
      changed.push(relative(repoRoot, file));
      if (!dryRun) writeFileSync(file, next);
    }
  }
  if (!dryRun && changed.length > 0) {
    // In batches: one command line holds a few hundred paths at most on some systems.
    for (let i = 0; i < changed.length; i += 100) {
      execFileSync('npx', ['prettier', '--log-level', 'warn', '--write', ...changed.slice(i, i + 100)], {
        cwd: repoRoot,
        stdio: 'inherit',
      });
    }
  }
  console.log(`${dryRun ? 'would rewrite' : 'rewrote'} ${changed.length} files`);
}
