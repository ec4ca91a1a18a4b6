import { join } from 'node:path';
import { Linter } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';
import { boundaries, repoRoot } from './eslint-boundaries.mjs';

const linter = new Linter({ configType: 'flat' });
const config: Linter.Config[] = [
  {
    files: ['**/*.{ts,tsx}'],
    languageOptions: { parser: tseslint.parser },
    plugins: { boundaries },
    rules: { 'boundaries/layers': 'error', 'boundaries/no-climbing': 'error' },
  },
];

/** The rule's verdicts on one line of code in a file at `path` (from the repository's root). */
function lint(path: string, code: string) {
  const messages = linter.verify(code, config, { filename: join(repoRoot, path) });
  return messages.map((m) => `${m.ruleId}: ${m.message}`);
}

const crossFeature = 'a feature does not import another feature';

describe('the boundaries rule judges the path an import resolves to', () => {
  it('refuses a web feature importing another by a relative spelling and by the alias alike', () => {
    const from = 'web/features/cabinet/cabinet-page.tsx';
    expect(lint(from, "import { a } from '../gift-cards/api';\n")).toEqual([
      expect.stringContaining(crossFeature),
    ]);
    expect(lint(from, "import { a } from '#web/features/gift-cards/api';\n")).toEqual([
      expect.stringContaining(crossFeature),
    ]);
    expect(lint(from, "export { a } from '../../features/gift-cards/api';\n")).toEqual([
      expect.stringContaining(crossFeature),
      expect.stringContaining("'../../'"),
    ]);
    expect(lint(from, "const m = import('#web/features/gift-cards/api');\n")).toEqual([
      expect.stringContaining(crossFeature),
    ]);
  });

  it('refuses a server feature importing another, but for the allow-list', () => {
    const from = 'server/features/till/spend.ts';
    expect(lint(from, "import { a } from '#server/features/payments/split';\n")).toHaveLength(1);
    expect(lint(from, "import { a } from '../payments/split';\n")).toHaveLength(1);
    expect(lint(from, "import { a } from '#server/features/gift-cards/redeem';\n")).toEqual([]);
    expect(lint(from, "import { a } from '../gift-cards/redeem';\n")).toEqual([]);
    expect(lint(from, "import { a } from '#server/features/gift-cards/orders';\n")).toHaveLength(1);
    expect(lint('server/features/payments/x.ts', "import { a } from '../gift-cards/orders';\n")).toEqual([]);
  });

  it('keeps the layers: common below both, the web and the server apart, core below the features', () => {
    expect(lint('common/lib/x.ts', "import { a } from '../../server/errors';\n")).toContainEqual(
      expect.stringContaining('common never imports'),
    );
    expect(lint('common/lib/x.ts', "import { a } from '#web/ui/button';\n")).toHaveLength(1);
    expect(lint('server/errors.ts', "import { a } from '#web/ui/button';\n")).toHaveLength(1);
    expect(lint('web/ui/x.tsx', "import { a } from '#server/errors';\n")).toHaveLength(1);
    expect(lint('server/core/x.ts', "import { a } from '#server/features/till/spend';\n")).toHaveLength(1);
    expect(lint('server/core/x.ts', "import { a } from '../features/till/spend';\n")).toHaveLength(1);
    expect(lint('web/ui/x.tsx', "import { a } from '../features/home/home';\n")).toHaveLength(1);
    expect(lint('web/features/home/x.tsx', "import { a } from '#web/app/app';\n")).toHaveLength(1);
  });

  it('lets the web import contract types, and values only from the zod-free modules', () => {
    const from = 'web/features/home/x.tsx';
    expect(lint(from, "import type { A } from '#common/contract/loyalty';\n")).toEqual([]);
    expect(lint(from, "import { type A } from '../../../common/contract/loyalty';\n")).toHaveLength(1); // the climb
    expect(lint(from, "import { A } from '#common/contract/loyalty';\n")).toHaveLength(1);
    expect(lint(from, "import { A } from '#common/contract/codes';\n")).toEqual([]);
  });

  it('lets a console area use the console kit, but not another area', () => {
    const from = 'web/features/admin/members/x.tsx';
    expect(lint(from, "import { a } from '../kit/table';\n")).toEqual([]);
    expect(lint(from, "import { a } from '#web/features/admin/kit/table';\n")).toEqual([]);
    expect(lint(from, "import { a } from '../admin-api';\n")).toEqual([]);
    expect(lint(from, "import { a } from '../programme/x';\n")).toHaveLength(1);
    expect(lint(from, "import { a } from '#web/features/admin/programme/x';\n")).toHaveLength(1);
  });

  it("refuses '../../' where an alias reaches, and suggests it", () => {
    expect(lint('server/features/till/x.ts', "import { a } from '../../errors';\n")).toEqual([
      expect.stringContaining('#server/'),
    ]);
    expect(lint('server/features/till/x.ts', "import { a } from '#server/errors';\n")).toEqual([]);
    expect(lint('server/features/till/x.ts', "import { a } from '../gift-cards/redeem';\n")).toEqual([]);
  });
});
