import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot } from './eslint-boundaries.mjs';
import { rewrite } from './imports-codemod.mjs';

const file = join(repoRoot, 'server/features/till/spend.test.ts');

describe('the imports codemod', () => {
  it('turns every climbing specifier into its alias, and leaves the rest', () => {
    const before = [
      "import { a } from '../../errors';",
      "import type { B } from '../../../common/contract/till';",
      "export * from '../../core/money';",
      "import '../../test/setup';",
      "vi.mock('../../lib/sms', () => ({}));",
      "const m = await import('../../core/ledger');",
      "type T = typeof import('../../../web/ui/x');",
      "import { c } from '../gift-cards/redeem';",
      "import { d } from './keys';",
      "const text = 'climb ../../errors';",
    ].join('\n');
    expect(rewrite(before, file).split('\n')).toEqual([
      "import { a } from '#server/errors';",
      "import type { B } from '#common/contract/till';",
      "export * from '#server/core/money';",
      "import '#server/test/setup';",
      "vi.mock('#server/lib/sms', () => ({}));",
      "const m = await import('#server/core/ledger');",
      "type T = typeof import('#web/ui/x');",
      "import { c } from '../gift-cards/redeem';",
      "import { d } from './keys';",
      "const text = 'climb ../../errors';",
    ]);
  });

  it('changes nothing the second time', () => {
    const once = rewrite("import { a } from '../../errors';\n", file);
    expect(rewrite(once, file)).toBe(once);
  });
});
