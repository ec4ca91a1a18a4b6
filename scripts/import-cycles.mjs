// Fails when source modules import each other in a loop at run time (decision 057). A loop works only while no
// module uses the other's exports as it loads, and a bundler's order decides which half is undefined first: the
// two that there were (the cheque and its payment rows, the till's card payment and its visit) are broken, and
// `npm run lint` keeps it so. `import type` and `export type` are erased, so they make no loop; a dynamic
// import() loads later, so it is not followed either. Usage: node scripts/import-cycles.mjs
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { repoRoot, resolveSpecifier } from './eslint-boundaries.mjs';

const ROOTS = ['common', 'server', 'web', 'bench', 'e2e', 'scripts'];
const SOURCE = /\.(ts|tsx|mjs)$/;
const SKIP = new Set(['node_modules', 'dist', 'demo']);
const EXTENSIONS = ['', '.ts', '.tsx', '.mjs', '.js', '/index.ts', '/index.tsx'];
// A static import or re-export at the start of a line; `[^'";]*?` spans a multi-line list of names.
const STATIC_IMPORT =
  /^[ \t]*(?:import|export)[ \t]+(type[ \t]+)?(?:[^'";]*?[ \t\n}*]from[ \t]*)?['"]([^'"]+)['"]/gm;

function sourceFiles(dir, found = []) {
  for (const name of readdirSync(dir)) {
    if (SKIP.has(name)) continue;
    const path = join(dir, name);
    if (statSync(path).isDirectory()) sourceFiles(path, found);
    else if (SOURCE.test(name) && !name.endsWith('.d.ts') && !name.endsWith('.d.mts')) found.push(path);
  }
  return found;
}

function resolveFile(specifier, importer) {
  const target = resolveSpecifier(specifier.replace(/\.js$/, ''), importer);
  if (target === null) return null;
  for (const extension of EXTENSIONS) {
    const candidate = join(repoRoot, target + extension);
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  return null;
}

/** The run-time imports of every source file: file -> the source files it loads. */
export function importGraph(roots = ROOTS) {
  const graph = new Map();
  const files = roots.flatMap((root) =>
    existsSync(join(repoRoot, root)) ? sourceFiles(join(repoRoot, root)) : [],
  );
  for (const file of files) {
    const edges = new Set();
    for (const [, typeOnly, specifier] of readFileSync(file, 'utf8').matchAll(STATIC_IMPORT)) {
      if (typeOnly) continue;
      const target = resolveFile(specifier, file);
      if (target) edges.add(target);
    }
    graph.set(file, [...edges]);
  }
  return graph;
}

/** The strongly connected components of more than one module, or of one importing itself (Tarjan's). */
export function cyclesOf(graph) {
  const index = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const cycles = [];
  let next = 0;
  const visit = (root) => {
    // Iterative, so a deep chain of imports cannot overflow the call stack.
    const work = [[root, 0]];
    index.set(root, next);
    low.set(root, next++);
    stack.push(root);
    onStack.add(root);
    while (work.length > 0) {
      const frame = work[work.length - 1];
      const [node, i] = frame;
      const edges = graph.get(node) ?? [];
      if (i < edges.length) {
        frame[1]++;
        const target = edges[i];
        if (!index.has(target)) {
          index.set(target, next);
          low.set(target, next++);
          stack.push(target);
          onStack.add(target);
          work.push([target, 0]);
        } else if (onStack.has(target)) low.set(node, Math.min(low.get(node), index.get(target)));
        continue;
      }
      work.pop();
      if (work.length > 0) {
        const parent = work[work.length - 1][0];
        low.set(parent, Math.min(low.get(parent), low.get(node)));
      }
      if (low.get(node) !== index.get(node)) continue;
      const component = [];
      let member;
      do {
        member = stack.pop();
        onStack.delete(member);
        component.push(member);
      } while (member !== node);
      if (component.length > 1 || edges.includes(node)) cycles.push(component.sort());
    }
  };
  for (const node of graph.keys()) if (!index.has(node)) visit(node);
  return cycles;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const cycles = cyclesOf(importGraph());
  for (const cycle of cycles) {
    console.error(`import loop: ${cycle.map((file) => relative(repoRoot, file)).join(' <-> ')}`);
  }
  if (cycles.length > 0) {
    console.error('Move what the modules share into a third one that imports neither (docs/decisions/057).');
    process.exit(1);
  }
}
