// The layer rules (eslint.boundaries.mjs) fail `npm run lint` on a wrong import: deliberately wrong
// files are linted in memory at real paths of the tree, with the project's own ESLint config.
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const eslint = new ESLint({ cwd: process.cwd() });

async function boundaryErrors(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(`${code}\nexport const used = x;\n`, { filePath });
  return result.messages
    .filter((m) => m.ruleId === 'boundaries/dependencies' && m.severity === 2)
    .map((m) => m.message);
}

describe('layer boundaries', () => {
  it('refuses a domain file importing a face (lib/http), by alias or relative path', async () => {
    expect(await boundaryErrors('lib/drafts/wrong.ts', "import { handleRest as x } from '@/lib/http/rest';")).toEqual([
      'domain may not import face (eslint.boundaries.mjs)',
    ]);
    expect(await boundaryErrors('lib/drafts/wrong.ts', "import { handleRest as x } from '../http/rest';")).toHaveLength(
      1,
    );
  });

  it('refuses domain → operations, mcp, inngest, app and components', async () => {
    for (const target of [
      '@/lib/operations/execute',
      '@/lib/mcp/server',
      '@/inngest/client',
      '@/app/(site)/p/[slug]/page',
      '@/components/relative-time',
    ]) {
      expect(await boundaryErrors('lib/listings/wrong.ts', `import * as x from '${target}';`), target).toHaveLength(1);
    }
  });

  it('refuses components → app (server actions live in lib/actions)', async () => {
    expect(
      await boundaryErrors('components/wrong.tsx', "import * as x from '@/app/(site)/p/[slug]/page';"),
    ).toHaveLength(1);
    expect(
      await boundaryErrors(
        'components/right.tsx',
        "import { voteAction as x } from '@/lib/actions/listing-interactions';",
      ),
    ).toEqual([]);
  });

  it('refuses db/schema loading lib/ (types only are the named exception) and operations importing a face', async () => {
    expect(
      await boundaryErrors('db/schema/wrong.ts', "import { emptyFields as x } from '@/lib/drafts/fields';"),
    ).toHaveLength(1);
    expect(
      await boundaryErrors(
        'db/schema/wrong.ts',
        "import type { StoredFields } from '@/lib/drafts/types';\nconst x: StoredFields | null = null;",
      ),
    ).toEqual([]);
    expect(
      await boundaryErrors(
        'lib/operations/wrong.ts',
        "import { problemResponse as x } from '@/lib/http/problem-response';",
      ),
    ).toHaveLength(1);
  });

  it('allows what the layers are for', async () => {
    expect(
      await boundaryErrors(
        'lib/drafts/right.ts',
        "import type { AuthedContext } from '@/lib/context';\nimport { clientIp as x } from '@/lib/client-ip';\nexport type C = AuthedContext;",
      ),
    ).toEqual([]);
    expect(
      await boundaryErrors('lib/http/right.ts', "import { executeOperation as x } from '@/lib/operations/execute';"),
    ).toEqual([]);
    expect(await boundaryErrors('lib/drafts/right.ts', "import { sendJob as x } from '@/lib/jobs/send';")).toEqual([]);
  });
});
