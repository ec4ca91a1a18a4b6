// The types of the imports codemod (imports-codemod.mjs), for its test.
export function rewrite(text: string, file: string): string;
