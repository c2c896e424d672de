// The layer walls (scripts/layer-walls.mjs, loaded by .oxlintrc.json): every "must not" of the
// tables in docs/architecture.md fails `npm run lint` with a message naming the wall, the imports
// each layer may make pass, and import cycles fail. Runs oxlint with the repository's config on
// small files in a temporary tree shaped like the repository.
import { execFile } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '../..');
const oxlint = join(root, 'node_modules/.bin/oxlint');
/** The code oxlint gives the walls' rule (scripts/layer-walls.mjs). */
const WALL = 'walls(layer-wall)';

interface Diagnostic {
  code: string;
  message: string;
  severity: string;
  filename: string;
}

/**
 * One forbidden import per "must not" of the tables in docs/architecture.md (file → its source),
 * at several depths: each must be reported with the message of its wall.
 */
const forbidden: Record<string, { source: string; wall: RegExp }> = {
  // src/components/: api/, app/, features/
  'src/components/bad-api-alias.tsx': {
    source: "import { api } from '@/api/client';",
    wall: /src\/components\/ takes data/,
  },
  'src/components/tracking/bad-api-relative.tsx': {
    source: "import { api } from '../../api/client';",
    wall: /src\/components\/ takes data/,
  },
  'src/components/bad-app-alias.tsx': {
    source: "import { useToast } from '@/app/toast/ToastProvider';",
    wall: /src\/components\/ takes data/,
  },
  'src/components/experience/bad-app-relative.tsx': {
    source: "import { useToast } from '../../app/toast/ToastProvider';",
    wall: /src\/components\/ takes data/,
  },
  'src/components/experience/bad-feature.tsx': {
    source: "import { HomePage } from '@/features/home/HomePage';",
    wall: /src\/components\/ takes data/,
  },
  // src/components/ui/: anything with data (other components included)
  'src/components/ui/bad-component.tsx': {
    source: "import { ExperienceCard } from '../experience/ExperienceCard';",
    wall: /src\/components\/ui\/ holds primitives/,
  },
  'src/components/ui/bad-api.tsx': {
    source: "import { api } from '@/api/client';",
    wall: /src\/components\/ui\/ holds primitives/,
  },
  // src/features/<f>/: another feature; app/ beyond the shell's hooks
  'src/features/auth/bad-feature-alias.tsx': {
    source: "import { HomePage } from '@/features/home/HomePage';",
    wall: /a feature never imports another feature/,
  },
  'src/features/auth/bad-feature-relative.tsx': {
    source: "import { HomePage } from '../home/HomePage';",
    wall: /a feature never imports another feature/,
  },
  'src/features/submit/steps/bad-feature-deep.tsx': {
    source: "import { HomePage } from '../../home/HomePage';",
    wall: /a feature never imports another feature/,
  },
  'src/features/submit/steps/a/b/c/bad-feature-deeper.tsx': {
    source: "import { HomePage } from '../../../../../home/HomePage';",
    wall: /a feature never imports another feature/,
  },
  'src/features/home/bad-app-shell.tsx': {
    source: "import { AppRoutes } from '@/app/AppRoutes';",
    wall: /a feature must not import src\/app\/ beyond the shell's hooks/,
  },
  // src/api/: app/, features/, components/
  'src/api/bad-app.ts': {
    source: "import { useToast } from '@/app/toast/ToastProvider';",
    wall: /src\/api\/ is the client/,
  },
  'src/api/bad-feature-relative.ts': {
    source: "import { HomePage } from '../features/home/HomePage';",
    wall: /src\/api\/ is the client/,
  },
  'src/api/bad-component.ts': {
    source: "import { Button } from '@/components/ui/button';",
    wall: /src\/api\/ is the client/,
  },
  // src/lib/: anything that holds state or calls the API
  'src/lib/bad-api.ts': { source: "import { api } from '@/api/client';", wall: /src\/lib\/ holds helpers/ },
  'src/lib/bad-app.ts': {
    source: "import { useToast } from '../app/toast/ToastProvider';",
    wall: /src\/lib\/ holds helpers/,
  },
  // the web app and the server: never each other
  'src/lib/bad-server.ts': {
    source: "import { loadConfig } from '../../server/config';",
    wall: /the web app must not import server\//,
  },
  'server/mail/bad-web.ts': {
    source: "import { paths } from '../../src/lib/paths';",
    wall: /the server must not import the web app/,
  },
  // contract/: src/, server/
  'contract/bad-src.ts': { source: "import { cn } from '@/lib/cn';", wall: /contract\/ depends on nothing/ },
  'contract/bad-server.ts': {
    source: "import { loadConfig } from '../server/config';",
    wall: /contract\/ depends on nothing/,
  },
  // server/routes/: another route file
  'server/routes/bad-route.ts': {
    source: "import { userRoutes } from './users';",
    wall: /a route file must not import another route file/,
  },
  // server/services/: routes/, plugins/
  'server/services/bad-routes.ts': {
    source: "import { userRoutes } from '../routes/users';",
    wall: /server\/services\/ holds rules/,
  },
  'server/services/bad-plugins.ts': {
    source: "import { callerOf } from '../plugins/auth';",
    wall: /server\/services\/ holds rules/,
  },
  // server/db/: services/, routes/, plugins/
  'server/db/bad-services.ts': {
    source: "import { resolveCaller } from '../services/users';",
    wall: /server\/db\/ is below services/,
  },
  'server/db/seed/bad-services.ts': {
    source: "import { insertPeptide } from '../../services/peptides';",
    wall: /server\/db\/ is below services/,
  },
  'server/db/bad-routes.ts': {
    source: "import { userRoutes } from '../routes/users';",
    wall: /server\/db\/ is below services/,
  },
  'server/db/bad-plugins.ts': {
    source: "import { callerOf } from '../plugins/auth';",
    wall: /server\/db\/ is below services/,
  },
  // server/lib/: services/, routes/, plugins/ (and db/ beyond its query interface)
  'server/lib/bad-services.ts': {
    source: "import { resolveCaller } from '../services/users';",
    wall: /server\/lib\/ holds helpers/,
  },
  'server/lib/bad-routes.ts': {
    source: "export { userRoutes } from '../routes/users';",
    wall: /server\/lib\/ holds helpers/,
  },
  'server/lib/bad-plugins.ts': {
    source: "const auth = () => import('../plugins/auth');\nexport { auth };",
    wall: /server\/lib\/ holds helpers/,
  },
  'server/lib/bad-db.ts': { source: "import { openDb } from '../db/client';", wall: /server\/lib\/ holds helpers/ },
};

const allowed: Record<string, string> = {
  'src/components/good.tsx':
    "import { cn } from '@/lib/cn';\nimport { Button } from './ui';\nimport type { Experience } from '@contract/experiences';",
  'src/components/ui/good.tsx': "import { cn } from '@/lib/cn';\nimport { Label } from './label';",
  'src/features/submit/steps/good.tsx':
    "import { Field } from '../Field';\nimport { api } from '@/api/client';\nimport { Button } from '@/components/ui';\nimport { useAuth } from '@/app/session/AuthProvider';\nimport { useToast } from '../../../app/toast/ToastProvider';",
  'src/features/privacy/good.tsx': "import { repository } from '../../../package.json';\nimport { Row } from './Row';",
  'src/api/good.ts': "import { readData } from '@contract/normalize';\nimport { ApiError } from './errors';",
  'src/lib/good.ts': "import { paths } from '@contract/web-paths';\nimport { cn } from './cn';",
  'contract/good.ts': "import { z } from 'zod';\nimport { UUID_RE } from './common';",
  'server/routes/good.ts':
    "import { callerOf } from '../plugins/auth';\nimport { listExperiences } from '../services/experience-feed';\nimport { paths } from '../../contract/web-paths';",
  'server/services/good.ts':
    "import type { Queryable } from '../db/client';\nimport { badRequest } from '../lib/errors';",
  'server/lib/good.ts': "import type { Queryable } from '../db/types';\nimport { badRequest } from './errors';",
  'server/seed/good.ts':
    "import { insertPeptide } from '../services/peptides';\nimport { PEPTIDES } from '../db/seed/catalogue';",
};

const cycle: Record<string, string> = {
  'server/lib/cycle-a.ts': "import { b } from './cycle-b';\nexport const a = () => b;",
  'server/lib/cycle-b.ts': "import type { a } from './cycle-a';\nexport const b = (x: typeof a) => x;",
  'src/lib/cycle-c.ts': "import { d } from '@/lib/cycle-d';\nexport const c = () => d;",
  'src/lib/cycle-d.ts': "import { c } from '@/lib/cycle-c';\nexport const d = () => c;",
  // A lazily loaded module whose types point back (the report action and its dialog once did).
  'src/components/cycle-e.tsx': "const f = () => import('./cycle-f');\nexport const e = f;",
  'src/components/cycle-f.tsx': "import type { e } from './cycle-e';\nexport type F = typeof e;",
};

/** Rules of hooks are errors, not warnings: a conditional hook fails lint. */
const hooks: Record<string, string> = {
  'src/components/bad-hook.tsx':
    "import { useState } from 'react';\nexport function Bad({ on }: { on: boolean }) {\n  if (on) useState(0);\n  return null;\n}",
};

let dir: string;
let byFile: Map<string, Diagnostic[]>;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'lint-walls-'));
  cpSync(join(root, '.oxlintrc.json'), join(dir, '.oxlintrc.json'));
  cpSync(join(root, 'tsconfig.json'), join(dir, 'tsconfig.json'));
  mkdirSync(join(dir, 'scripts'));
  // Every JS plugin the config loads (scripts/layer-walls.mjs among them): oxlint refuses a config missing one.
  const { jsPlugins } = JSON.parse(readFileSync(join(root, '.oxlintrc.json'), 'utf8')) as { jsPlugins: string[] };
  for (const plugin of jsPlugins) cpSync(join(root, plugin), join(dir, plugin));
  const sources = {
    ...Object.fromEntries(Object.entries(forbidden).map(([file, { source }]) => [file, source])),
    ...allowed,
    ...cycle,
    ...hooks,
  };
  for (const [file, source] of Object.entries(sources)) {
    mkdirSync(dirname(join(dir, file)), { recursive: true });
    writeFileSync(join(dir, file), `${source}\nexport {};\n`);
  }
  let stdout: string;
  try {
    ({ stdout } = await promisify(execFile)(
      oxlint,
      ['-c', '.oxlintrc.json', '--format', 'json', 'src', 'server', 'contract'],
      { cwd: dir },
    ));
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
    const found = (byFile.get(file) ?? []).filter((d) => d.code === WALL);
    expect(found, `no wall reported for ${file}`).toHaveLength(1);
    expect(found[0].message).toMatch(forbidden[file].wall);
    expect(found[0].message).toContain('(docs/architecture.md)');
  });

  it.each(Object.keys(allowed))('lets %s make the imports its layer may make', (file) => {
    // Only the walls matter here (the scratch files also trip unused-import rules).
    const walls = (byFile.get(file) ?? []).filter(
      (d) => d.code === WALL || d.code === 'import(no-cycle)' || d.code === 'walls(no-lazy-cycle)',
    );
    expect(walls).toEqual([]);
  });

  // An import() cycle is reported where the import() is.
  it.each(Object.keys(cycle).filter((file) => file !== 'src/components/cycle-f.tsx'))(
    'reports the import cycle through %s (type-only imports included)',
    (file) => {
      expect((byFile.get(file) ?? []).map((d) => d.code)).toEqual(
        expect.arrayContaining([expect.stringMatching(/^(import\(no-cycle\)|walls\(no-lazy-cycle\))$/)]),
      );
    },
  );
});

describe('rules of hooks', () => {
  it.each(Object.keys(hooks))('fails lint on the conditional hook in %s', (file) => {
    const found = (byFile.get(file) ?? []).filter((d) => d.code.endsWith('(rules-of-hooks)'));
    expect(found).toHaveLength(1);
    expect(found[0].severity).toBe('error');
  });
});
