// The types of the import-loop check (import-cycles.mjs), for its test.
export function importGraph(roots?: string[]): Map<string, string[]>;
export function cyclesOf(graph: Map<string, string[]>): string[][];
