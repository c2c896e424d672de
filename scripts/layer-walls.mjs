// The layer walls of docs/architecture.md as one oxlint rule (a JS plugin, loaded by
// .oxlintrc.json): each import is resolved to a path in the repository (relative paths and the
// `@/` and `@contract/` aliases, normalised, so `@/../server/x` is `server/x`) and checked against
// the folder zones below, whatever the depth of the importing file. Packages are walled only for
// contract/, which may import zod alone. One zone per "must not" of the doc's tables;
// tests/server/lint-walls.test.ts adds a forbidden import of each and expects it reported.
import fs from 'node:fs';
import path from 'node:path';

const ALIASES = [
  ['@/', 'src/'],
  ['@contract/', 'contract/'],
];

const DOC = '(docs/architecture.md)';
/** The server's process files: what starts the app (bootstrap.ts, serve.ts, index.ts) and the app itself (app.ts). */
const APP_FILES = ['server/app', 'server/bootstrap', 'server/serve', 'server/index'];
const FEATURE_MOVE = 'move what both need to src/components/ (data as props), src/lib/ or src/api/';

/**
 * `from`: the importing files (a folder prefix). `forbid`: folder prefixes (or files without their
 * extension) it must not import, `except` the ones inside them it may; `forbidOutside`: it may
 * import only below these; `otherThan`: a function of the importing and imported paths for walls
 * between siblings (a feature and another, a route file and another).
 */
export const WALLS = [
  {
    from: 'src/',
    forbid: ['server/'],
    message: `Layer wall: the web app must not import server/; what both need lives in contract/ ${DOC}.`,
  },
  {
    from: 'src/',
    forbid: ['scripts/', 'tests/'],
    message: `Layer wall: the web app must not import scripts/ or tests/; a test that reads a script lives in tests/ ${DOC}.`,
  },
  {
    from: 'server/',
    forbid: ['src/'],
    message: `Layer wall: the server must not import the web app (src/); what both need lives in contract/ ${DOC}.`,
  },
  {
    from: 'server/',
    forbid: ['scripts/', 'tests/'],
    message: `Layer wall: the server must not import scripts/ or tests/; what a script shares with the server lives in server/, and the script imports it ${DOC}.`,
  },
  {
    from: 'server/',
    otherThan: (file, target) => under(target, 'server/cli/') && !file.startsWith('server/cli/'),
    message: `Layer wall: server/cli/ holds one-shot commands that nothing imports; what a command shares goes into a service, server/db/ or server/lib/ ${DOC}.`,
  },
  {
    from: 'contract/',
    forbidOutside: ['contract/'],
    packages: ['zod'],
    message: `Layer wall: contract/ depends on nothing in src/ or server/ and on no package but zod (its tests also on vitest and fast-check) ${DOC}.`,
  },
  {
    from: 'src/components/ui/',
    forbid: ['src/components/', 'src/api/', 'src/app/', 'src/features/'],
    except: ['src/components/ui/'],
    message: `Layer wall: src/components/ui/ holds primitives that know no data; it must not import other components, src/api/, src/app/ or src/features/ ${DOC}.`,
  },
  {
    from: 'src/components/',
    forbid: ['src/api/', 'src/app/', 'src/features/'],
    message: `Layer wall: src/components/ takes data and callbacks as props; it must not import src/api/, src/app/ or src/features/ ${DOC}.`,
  },
  {
    from: 'src/features/',
    otherThan: (file, target) => target.startsWith('src/features/') && featureOf(file) !== featureOf(target),
    message: `Layer wall: a feature never imports another feature; ${FEATURE_MOVE} ${DOC}.`,
  },
  {
    from: 'src/features/',
    forbid: ['src/app/'],
    except: ['src/app/session/', 'src/app/toast/'],
    message: `Layer wall: a feature must not import src/app/ beyond the shell's hooks (src/app/session/, src/app/toast/) ${DOC}.`,
  },
  {
    from: 'src/api/',
    forbid: ['src/app/', 'src/features/', 'src/components/'],
    message: `Layer wall: src/api/ is the client below the screens; it must not import src/app/, src/features/ or src/components/ ${DOC}.`,
  },
  {
    from: 'src/lib/',
    forbid: ['src/api/', 'src/app/', 'src/features/', 'src/components/'],
    message: `Layer wall: src/lib/ holds helpers without state or data; it must not import src/api/, src/app/, src/features/ or src/components/ ${DOC}.`,
  },
  {
    from: 'server/db/',
    forbid: ['server/services/', 'server/routes/', 'server/plugins/', 'server/mail/', 'server/seed/'],
    message: `Layer wall: server/db/ is below services: it must not import server/services/, server/routes/, server/plugins/, server/mail/ or server/seed/ (seeding that needs services lives in server/seed/) ${DOC}.`,
  },
  {
    from: 'server/mail/',
    forbid: ['server/services/', 'server/routes/', 'server/plugins/', 'server/db/', 'server/seed/'],
    message: `Layer wall: server/mail/ (templates, links, transport) is below services, which queue the mail; it must not import server/services/, server/routes/, server/plugins/, server/db/ or server/seed/ ${DOC}.`,
  },
  {
    from: 'server/services/',
    forbid: ['server/routes/', 'server/plugins/', 'server/seed/'],
    message: `Layer wall: server/services/ holds rules and SQL; it must not import server/routes/, server/plugins/ or server/seed/ ${DOC}.`,
  },
  {
    from: 'server/lib/',
    forbid: ['server/services/', 'server/routes/', 'server/plugins/', 'server/db/', 'server/mail/', 'server/seed/'],
    except: ['server/db/types'],
    message: `Layer wall: server/lib/ holds helpers below services; it must not import server/services/, server/routes/, server/plugins/, server/mail/, server/seed/ or server/db/ beyond its query interface (server/db/types.ts) ${DOC}.`,
  },
  {
    from: 'server/routes/',
    otherThan: (file, target) =>
      target.startsWith('server/routes/') && withoutExtension(target) !== withoutExtension(file),
    message: `Layer wall: a route file must not import another route file; what both need goes into a service or server/lib/ ${DOC}.`,
  },
  {
    from: 'server/routes/',
    forbid: ['server/db/', 'server/plugins/', 'server/mail/', 'server/seed/'],
    except: ['server/plugins/auth', 'server/plugins/route-config'],
    message: `Layer wall: a route calls services; it must not import server/db/, server/mail/, server/seed/ or server/plugins/ beyond plugins/auth.ts and plugins/route-config.ts ${DOC}.`,
  },
  {
    from: 'server/plugins/',
    forbid: [...APP_FILES, 'server/routes/', 'server/mail/', 'server/seed/'],
    message: `Layer wall: server/plugins/ sits between the app and its routes; it must not import server/routes/ (app.ts registers them), server/mail/ (services queue the mail), server/seed/ or the process's own files (app.ts, bootstrap.ts, serve.ts, index.ts) ${DOC}.`,
  },
  {
    from: 'server/seed/',
    forbid: [...APP_FILES, 'server/routes/', 'server/plugins/', 'server/mail/'],
    message: `Layer wall: server/seed/ writes the first data through services; it must not import server/routes/, server/plugins/, server/mail/ or the process's own files (bootstrap.ts runs it) ${DOC}.`,
  },
  {
    from: 'server/cli/',
    forbid: ['server/app', 'server/serve', 'server/index', 'server/routes/', 'server/plugins/'],
    message: `Layer wall: a command of server/cli/ works on the database beside the server and never starts the HTTP app: it must not import server/routes/, server/plugins/, app.ts, serve.ts or index.ts ${DOC}.`,
  },
];

/** Test tools a test beside the code may import where its layer walls packages (contract/). */
const TEST_PACKAGES = ['vitest', 'fast-check'];
const isTestFile = (file) => /\.test\.[cm]?[jt]sx?$/.test(file);

const featureOf = (file) => file.split('/')[2];
const withoutExtension = (file) => file.replace(/\.[cm]?[jt]sx?$/, '');

/**
 * The import's path relative to the repository, normalised (`./`, `../`, `//` resolved, so
 * `@/../server/x` is `server/x`), or null for a package.
 */
export function resolveImport(root, file, specifier) {
  for (const [alias, folder] of ALIASES) {
    if (specifier.startsWith(alias)) return path.posix.normalize(folder + specifier.slice(alias.length));
  }
  if (!specifier.startsWith('.') && !path.isAbsolute(specifier)) return null;
  return path
    .relative(root, path.resolve(path.dirname(file), specifier))
    .split(path.sep)
    .join('/');
}

/** The package an import names (`zod/mini` is `zod`, `@scope/name/x` is `@scope/name`). */
const packageOf = (specifier) =>
  specifier
    .split('/')
    .slice(0, specifier.startsWith('@') ? 2 : 1)
    .join('/');

/** The wall an import of a package from `file` crosses: only where a wall lists its packages. */
export function packageWallCrossed(file, specifier) {
  const name = packageOf(specifier);
  return WALLS.find(
    (wall) =>
      wall.packages &&
      file.startsWith(wall.from) &&
      !wall.packages.includes(name) &&
      !(isTestFile(file) && TEST_PACKAGES.includes(name)),
  );
}

/** Whether `target` is inside `prefix`: a folder (its index too, `../seed`) or a file without its extension. */
const under = (target, prefix) =>
  prefix.endsWith('/')
    ? target.startsWith(prefix) || target === prefix.slice(0, -1)
    : withoutExtension(target) === prefix || target.startsWith(`${prefix}/`);

/** The first wall the import from `file` (relative to the repository) to `target` crosses. */
export function wallCrossed(file, target) {
  return WALLS.find((wall) => {
    if (!file.startsWith(wall.from)) return false;
    if (wall.otherThan) return wall.otherThan(file, target);
    if (wall.forbidOutside) return !wall.forbidOutside.some((prefix) => under(target, prefix));
    return (
      wall.forbid.some((prefix) => under(target, prefix)) &&
      !(wall.except ?? []).some((prefix) => under(target, prefix))
    );
  });
}

/** A module's imports of every kind (static, type-only, import()), read once per lint run. */
const importsOf = new Map();
/** `import ... from 'x'`, `export ... from 'x'`, `import('x')`, `import 'x'` (type-only ones too). */
const IMPORT_RE =
  /^\s*(?:import|export)\s[^'";]*?\sfrom\s*['"]([^'"]+)['"]|\bimport\s*\(\s*['"]([^'"]+)['"]\s*\)|^\s*import\s+['"]([^'"]+)['"]/gm;
const EXTENSIONS = ['', '.ts', '.tsx', '.mjs', '.js', '/index.ts', '/index.tsx'];

function resolveFile(root, from, specifier) {
  const target = resolveImport(root, from, specifier);
  if (!target) return null;
  for (const ext of EXTENSIONS) {
    const file = path.join(root, target + ext);
    if (fs.existsSync(file) && fs.statSync(file).isFile()) return file;
  }
  return null;
}

function moduleImports(root, file) {
  let found = importsOf.get(file);
  if (!found) {
    const specifiers = [...fs.readFileSync(file, 'utf8').matchAll(IMPORT_RE)].map((m) => m[1] ?? m[2] ?? m[3]);
    found = specifiers.map((specifier) => resolveFile(root, file, specifier)).filter(Boolean);
    importsOf.set(file, found);
  }
  return found;
}

/** Whether `start` leads back to `file` through imports of any kind. */
function leadsBack(root, start, file) {
  const seen = new Set();
  const stack = [start];
  while (stack.length) {
    const at = stack.pop();
    if (at === file) return true;
    if (seen.has(at)) continue;
    seen.add(at);
    stack.push(...moduleImports(root, at));
  }
  return false;
}

export default {
  meta: { name: 'walls' },
  rules: {
    // import/no-cycle follows static and type-only imports; this adds the cycles that pass through
    // an import() (a lazily loaded module whose types point back).
    'no-lazy-cycle': {
      meta: { type: 'problem', docs: { description: 'No import cycle through an import()' } },
      create(context) {
        const root = context.cwd ?? process.cwd();
        return {
          ImportExpression(node) {
            if (node.source.type !== 'Literal' || typeof node.source.value !== 'string') return;
            const target = resolveFile(root, context.filename, node.source.value);
            if (target && leadsBack(root, target, path.resolve(context.filename))) {
              context.report({
                node,
                message: `Import cycle: ${node.source.value} imports this file back (a type-only import counts too); move the shared types to a third module.`,
              });
            }
          },
        };
      },
    },
    'layer-wall': {
      meta: { type: 'problem', docs: { description: 'The layer walls of docs/architecture.md' } },
      create(context) {
        const root = context.cwd ?? process.cwd();
        const file = path.relative(root, context.filename).split(path.sep).join('/');
        const check = (node, source) => {
          if (!source || typeof source.value !== 'string') return;
          const target = resolveImport(root, context.filename, source.value);
          const wall = target ? wallCrossed(file, target) : packageWallCrossed(file, source.value);
          if (wall) context.report({ node, message: wall.message });
        };
        return {
          ImportDeclaration: (node) => check(node, node.source),
          ExportNamedDeclaration: (node) => check(node, node.source),
          ExportAllDeclaration: (node) => check(node, node.source),
          ImportExpression: (node) => check(node, node.source),
        };
      },
    },
  },
};
