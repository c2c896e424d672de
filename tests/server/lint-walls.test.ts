// The layer walls in .oxlintrc.json: every kind of forbidden import fails `npm run lint` with
// a message naming the wall, and the imports each layer may make pass. Runs oxlint with the
// repository's config on small files in a temporary tree shaped like the repository.
import { execFile } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '../..');
const oxlint = join(root, 'node_modules/.bin/oxlint');

interface Diagnostic {
  code: string;
  help?: string;
  filename: string;
}

/** file → its source; `forbidden` files must be reported, `allowed` ones must not. */
const forbidden: Record<string, string> = {
  'src/components/bad-api-alias.tsx': "import { api } from '@/api/client';",
  'src/components/tracking/bad-api-relative.tsx': "import { api } from '../../api/client';",
  'src/components/bad-app-alias.tsx': "import { useToast } from '@/app/toast/ToastProvider';",
  'src/components/experience/bad-app-relative.tsx': "import { useToast } from '../../app/toast/ToastProvider';",
  'src/features/auth/bad-feature-alias.tsx': "import { HomePage } from '@/features/home/HomePage';",
  'src/features/auth/bad-feature-relative.tsx': "import { HomePage } from '../home/HomePage';",
  'src/features/submit/steps/bad-feature-deep.tsx': "import { HomePage } from '../../home/HomePage';",
  'src/api/bad-app.ts': "import { useToast } from '@/app/toast/ToastProvider';",
  'src/api/bad-feature-relative.ts': "import { HomePage } from '../features/home/HomePage';",
  'contract/bad-src.ts': "import { cn } from '@/lib/cn';",
  'contract/bad-server.ts': "import { loadConfig } from '../server/config';",
  'server/db/bad-services.ts': "import { resolveCaller } from '../services/users';",
  'server/db/seed/bad-services.ts': "import { insertPeptide } from '../../services/peptides';",
  'server/db/bad-routes.ts': "import { userRoutes } from '../routes/users';",
  'server/services/bad-routes.ts': "import { userRoutes } from '../routes/users';",
};

const allowed: Record<string, string> = {
  'src/components/good.tsx': "import { cn } from '@/lib/cn';\nimport { Button } from './ui';\nimport type { Experience } from '@contract/experiences';",
  'src/features/submit/steps/good.tsx': "import { Field } from '../Field';\nimport { api } from '@/api/client';\nimport { Button } from '@/components/ui';",
  'src/features/privacy/good.tsx': "import { repository } from '../../../package.json';\nimport { Row } from './Row';",
  'src/api/good.ts': "import { readData } from '@contract/normalize';\nimport { ApiError } from './errors';",
  'contract/good.ts': "import { z } from 'zod';\nimport { UUID_RE } from './common';",
  'server/services/good.ts': "import type { Queryable } from '../db/client';\nimport { badRequest } from '../lib/errors';",
  'server/seed/good.ts': "import { insertPeptide } from '../services/peptides';\nimport { PEPTIDES } from '../db/seed/catalogue';",
};

const cycle: Record<string, string> = {
  'server/lib/cycle-a.ts': "import { b } from './cycle-b';\nexport const a = () => b;",
  'server/lib/cycle-b.ts': "import type { a } from './cycle-a';\nexport const b = (x: typeof a) => x;",
  'src/lib/cycle-c.ts': "import { d } from '@/lib/cycle-d';\nexport const c = () => d;",
  'src/lib/cycle-d.ts': "import { c } from '@/lib/cycle-c';\nexport const d = () => c;",
};

let dir: string;
let byFile: Map<string, Diagnostic[]>;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'lint-walls-'));
  cpSync(join(root, '.oxlintrc.json'), join(dir, '.oxlintrc.json'));
  cpSync(join(root, 'tsconfig.json'), join(dir, 'tsconfig.json'));
  for (const [file, source] of Object.entries({ ...forbidden, ...allowed, ...cycle })) {
    mkdirSync(dirname(join(dir, file)), { recursive: true });
    writeFileSync(join(dir, file), `${source}\nexport {};\n`);
  }
  let stdout: string;
  try {
    ({ stdout } = await promisify(execFile)(oxlint, ['-c', '.oxlintrc.json', '--format', 'json', 'src', 'server', 'contract'], { cwd: dir }));
  } catch (error) {
    // Exit code 1 when errors were found: the report is still on stdout.
    stdout = (error as { stdout: string }).stdout;
  }
  const report = JSON.parse(stdout) as { diagnostics: Diagnostic[] };
  byFile = new Map();
  for (const d of report.diagnostics) byFile.set(d.filename, [...(byFile.get(d.filename) ?? []), d]);
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('lint walls (.oxlintrc.json)', () => {
  it.each(Object.keys(forbidden))('reports the forbidden import in %s, naming the wall', (file) => {
    const found = (byFile.get(file) ?? []).filter((d) => d.code === 'eslint(no-restricted-imports)');
    expect(found, `no wall reported for ${file}`).toHaveLength(1);
    expect(found[0].help).toMatch(/^Layer wall: .* must not import|^Layer wall: a feature never imports another feature|^Layer wall: contract\/ depends on nothing/);
  });

  it.each(Object.keys(allowed))('lets %s make the imports its layer may make', (file) => {
    // Only the walls matter here (the scratch files also trip unused-import rules).
    const walls = (byFile.get(file) ?? []).filter((d) => d.code === 'eslint(no-restricted-imports)' || d.code === 'import(no-cycle)');
    expect(walls).toEqual([]);
  });

  it.each(Object.keys(cycle))('reports the import cycle through %s (type-only imports included)', (file) => {
    expect((byFile.get(file) ?? []).map((d) => d.code)).toContain('import(no-cycle)');
  });
});
