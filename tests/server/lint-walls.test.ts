// The layer walls (scripts/layer-walls.mjs, loaded by .oxlintrc.json): every "must not" of the
// tables in docs/architecture.md fails `npm run lint` with a message naming the wall, the imports
// each layer may make pass, and import cycles fail. Runs oxlint with the repository's config on
// small files in a temporary tree shaped like the repository.
import { beforeAll, describe, expect, it } from 'vitest';
import { lintScratch, type Diagnostic } from './lint-scratch';

/** The code oxlint gives the walls' rule (scripts/layer-walls.mjs). */
const WALL = 'walls(layer-wall)';

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
  'server/lib/bad-mail.ts': {
    source: "import { renderMail } from '../mail/templates';",
    wall: /server\/lib\/ holds helpers/,
  },
  // server/db/: mail/, seed/ too (the catalogue's data in db/seed/ is the db layer's own)
  'server/db/bad-mail.ts': {
    source: "import { renderMail } from '../mail/templates';",
    wall: /server\/db\/ is below services/,
  },
  'server/db/seed/bad-seed.ts': {
    source: "import { seedDatabase } from '../../seed';",
    wall: /server\/db\/ is below services/,
  },
  // server/services/: seed/ too
  'server/services/bad-seed.ts': {
    source: "import { seedDatabase } from '../seed/index';",
    wall: /server\/services\/ holds rules/,
  },
  // server/routes/: db/ (through a service), mail/, seed/, plugins/ beyond auth and route-config
  'server/routes/bad-db.ts': {
    source: "import { pendingMigrations } from '../db/migrate';",
    wall: /a route calls services/,
  },
  'server/routes/bad-plugin.ts': {
    source: "import { DRAINING_MESSAGE } from '../plugins/drain';",
    wall: /a route calls services/,
  },
  'server/routes/bad-mail.ts': {
    source: "import { renderMail } from '../mail/templates';",
    wall: /a route calls services/,
  },
  // server/plugins/: routes/, mail/, seed/, the process's own files
  'server/plugins/bad-routes.ts': {
    source: "import { userRoutes } from '../routes/users';",
    wall: /server\/plugins\/ sits between the app and its routes/,
  },
  'server/plugins/bad-app.ts': {
    source: "import { buildApp } from '../app';",
    wall: /server\/plugins\/ sits between the app and its routes/,
  },
  'server/plugins/bad-mail.ts': {
    source: "import { sendMail } from '../mail/transport';",
    wall: /server\/plugins\/ sits between the app and its routes/,
  },
  'server/plugins/bad-seed.ts': {
    source: "import { seedDatabase } from '../seed';",
    wall: /server\/plugins\/ sits between the app and its routes/,
  },
  // server/mail/: services/, db/, routes/, plugins/, seed/
  'server/mail/bad-services.ts': {
    source: "import { queueMail } from '../services/mail-queue';",
    wall: /server\/mail\/ \(templates, links, transport\) is below services/,
  },
  'server/mail/bad-db.ts': {
    source: "import { openDb } from '../db/client';",
    wall: /server\/mail\/ \(templates, links, transport\) is below services/,
  },
  'server/mail/bad-plugins.ts': {
    source: "import { callerOf } from '../plugins/auth';",
    wall: /server\/mail\/ \(templates, links, transport\) is below services/,
  },
  // server/seed/: routes/, plugins/, mail/, the process's own files
  'server/seed/bad-routes.ts': {
    source: "import { userRoutes } from '../routes/users';",
    wall: /server\/seed\/ writes the first data through services/,
  },
  'server/seed/bad-plugins.ts': {
    source: "import { callerOf } from '../plugins/auth';",
    wall: /server\/seed\/ writes the first data through services/,
  },
  'server/seed/bad-bootstrap.ts': {
    source: "import { prepare } from '../bootstrap';",
    wall: /server\/seed\/ writes the first data through services/,
  },
  // server/cli/: the HTTP app (routes/, plugins/, app.ts, serve.ts, index.ts)
  'server/cli/bad-app.ts': { source: "import { buildApp } from '../app';", wall: /never starts the HTTP app/ },
  'server/cli/bad-serve.ts': { source: "import { serve } from '../serve';", wall: /never starts the HTTP app/ },
  'server/cli/bad-plugins.ts': {
    source: "import { drainGate } from '../plugins/drain';",
    wall: /never starts the HTTP app/,
  },
  'server/cli/bad-routes.ts': {
    source: "import { userRoutes } from '../routes/users';",
    wall: /never starts the HTTP app/,
  },
  // nothing outside server/cli/ imports a command
  'server/services/bad-cli.ts': {
    source: "import { main } from '../cli/moderator';",
    wall: /server\/cli\/ holds one-shot commands that nothing imports/,
  },
  'server/bad-cli.ts': {
    source: "import { main } from './cli/backup';",
    wall: /server\/cli\/ holds one-shot commands that nothing imports/,
  },
  // server/ and src/: never scripts/ or tests/
  'server/plugins/bad-script.ts': {
    source: "import { precompressFolder } from '../../scripts/precompress';",
    wall: /the server must not import scripts\/ or tests\//,
  },
  'server/lib/bad-tests.ts': {
    source: "import { createTestApp } from '../../tests/server/helpers';",
    wall: /the server must not import scripts\/ or tests\//,
  },
  'server/lib/bad-test-beside.test.ts': {
    source: "import { validSubmission } from '../../tests/server/helpers';",
    wall: /the server must not import scripts\/ or tests\//,
  },
  'src/lib/bad-script.ts': {
    source: "import { buildRouteManifest } from '../../scripts/route-manifest';",
    wall: /the web app must not import scripts\/ or tests\//,
  },
  'src/app/bad-tests.ts': {
    source: "import { server } from '@/../tests/web/msw/server';",
    wall: /the web app must not import scripts\/ or tests\//,
  },
  // contract/: no package but zod (its tests: vitest and fast-check too)
  'contract/bad-package.ts': {
    source: "import type { FastifyInstance } from 'fastify';",
    wall: /contract\/ depends on nothing.*no package but zod/,
  },
  'contract/bad-node.ts': {
    source: "import fs from 'node:fs';",
    wall: /contract\/ depends on nothing.*no package but zod/,
  },
  'contract/bad-scoped.ts': {
    source: "import { useQuery } from '@tanstack/react-query';",
    wall: /contract\/ depends on nothing.*no package but zod/,
  },
  'contract/bad-tool.test.ts': {
    source: "import { render } from '@testing-library/react';",
    wall: /contract\/ depends on nothing.*no package but zod/,
  },
  'contract/bad-tool-outside-tests.ts': {
    source: "import { expect } from 'vitest';",
    wall: /contract\/ depends on nothing.*no package but zod/,
  },
  // Spellings that reach the same file: each resolved before the zone check
  'src/lib/bad-server-alias-up.ts': {
    source: "import { loadConfig } from '@/../server/config';",
    wall: /the web app must not import server\//,
  },
  'src/lib/bad-server-contract-alias.ts': {
    source: "import { loadConfig } from '@contract/../server/config';",
    wall: /the web app must not import server\//,
  },
  'src/components/bad-api-alias-dots.tsx': {
    source: "import { api } from '@/./api//client';",
    wall: /src\/components\/ takes data/,
  },
  'src/components/bad-api-alias-roundtrip.tsx': {
    source: "import { api } from '@/../src/api/client';",
    wall: /src\/components\/ takes data/,
  },
  'src/components/ui/bad-alias-detour.tsx': {
    source: "import { api } from '@/lib/../api/client';",
    wall: /src\/components\/ui\/ holds primitives/,
  },
  'src/features/home/bad-feature-alias-detour.tsx': {
    source: "import { SubmitPage } from '@/features/home/../submit/SubmitPage';",
    wall: /a feature never imports another feature/,
  },
  'contract/bad-alias-up.ts': {
    source: "import { cn } from '@contract/../src/lib/cn';",
    wall: /contract\/ depends on nothing/,
  },
  'server/lib/bad-db-dotted.ts': {
    source: "import { openDb } from './../db/./client';",
    wall: /server\/lib\/ holds helpers/,
  },
  'server/services/bad-routes-slashes.ts': {
    source: "import { userRoutes } from '..//routes/users';",
    wall: /server\/services\/ holds rules/,
  },
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
    "import { insertPeptide } from '../services/peptides';\nimport { PEPTIDES } from '../db/seed/catalogue';\nimport type { AppContext } from '../context';\nimport { newTrackingId } from '../lib/tracking';",
  'server/db/seed/good.ts':
    "import { recomputeAggregates } from '../aggregates';\nimport { newTrackingId } from '../../lib/tracking';\nimport { STORY_MIN } from '../../../contract/rules';",
  'server/plugins/good.ts':
    "import { publicRead } from './route-config';\nimport { resolveCaller } from '../services/users';\nimport { isDatabaseUnavailable } from '../db/client';\nimport { badRequest } from '../lib/errors';\nimport type { AppContext } from '../context';\nimport { ENDPOINTS } from '../../contract/endpoints';",
  'server/mail/good.ts':
    "import type { Config } from '../config';\nimport { paths } from '../../contract/web-paths';\nimport { renderMail } from './templates';\nimport { badRequest } from '../lib/errors';",
  'server/cli/good.ts':
    "import { prepare } from '../bootstrap';\nimport { configOrExit } from '../config';\nimport { openDb } from '../db/client';\nimport { promoteToModerator } from '../services/users';\nimport { badRequest } from '../lib/errors';\nimport { backupHeader } from './backup';",
  'server/routes/good-more.ts':
    "import { publicRead } from '../plugins/route-config';\nimport { readinessCheck } from '../services/readiness';\nimport { publishedLimits } from '../lib/rate-limit';",
  'server/services/good-mail.ts':
    "import { renderMail } from '../mail/templates';\nimport { DRAIN } from '../lib/drain';",
  'contract/good-zod.ts': "import { z } from 'zod/mini';\nimport { named } from '@contract/common';",
  'contract/good.test.ts':
    "import { describe } from 'vitest';\nimport fc from 'fast-check';\nimport { z } from 'zod';\nimport { UUID_RE } from './common';",
  // Spellings that stay inside the layer's own zones
  'src/features/home/good-alias-spellings.tsx':
    "import { cn } from '@/./lib//cn';\nimport { useToast } from '@/app/../app/toast/ToastProvider';\nimport { Part } from '@/features/submit/../home/Part';",
  'server/lib/good-db-types-dotted.ts': "import type { Queryable } from './../db/./types';",
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

let byFile: Map<string, Diagnostic[]>;

beforeAll(async () => {
  const sources = {
    ...Object.fromEntries(Object.entries(forbidden).map(([file, { source }]) => [file, source])),
    ...allowed,
    ...cycle,
    ...hooks,
  };
  byFile = await lintScratch(
    Object.fromEntries(Object.entries(sources).map(([file, source]) => [file, `${source}\nexport {};\n`])),
    ['src', 'server', 'contract'],
  );
});

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
