// API addresses are written once, in contract/endpoints.ts (an oxlint JS plugin, loaded by
// .oxlintrc.json). In the web app's code (src/, test files aside: they may assert what a browser
// sees) and in the test mocks (tests/web/msw/), a string or template literal holding `/api/` (or
// just `/api`) fails lint: the web app calls an endpoint by its key (src/api/client.ts `call`),
// the mocks take path and method from ENDPOINTS. The same code must not reach the HTTP client
// around `call` either (`api` of src/api/client.ts, `http` of src/api/http.ts), which only the
// client module and the tests of the transport use. The server is not covered: it registers its
// routes from ENDPOINTS (server/plugins/route-config.ts refuses any other) and names retired or
// documentation paths in its sentences. tests/server/lint-api-literal.test.ts shows it failing.
import path from 'node:path';

const DOC = '(docs/architecture.md, "The web app")';
const LITERAL = `An API path written by hand: call the endpoint by its key (src/api/client.ts \`call\`) or take its path from contract/endpoints.ts ${DOC}.`;
const TRANSPORT = `The HTTP client is private to src/api/client.ts: call the endpoint by its key with \`call\` ${DOC}.`;

/** Holds an API address: `/api` alone or followed by `/`, `?` or `#` (not `@/api/...`, a module). */
const API_PATH = /(^|[^@.])\/api(?=$|[/?#\s])/;
/** Where a string names a module, not an address. */
const MODULE_SOURCES = new Set([
  'ImportDeclaration',
  'ImportExpression',
  'ExportNamedDeclaration',
  'ExportAllDeclaration',
]);

/** Whether the rule looks at this file (a path relative to the repository). */
function covered(file) {
  if (file.startsWith('tests/web/msw/')) return true;
  return file.startsWith('src/') && !/\.test\.[cm]?[jt]sx?$/.test(file);
}

/** The repository path an import names (relative or `@/`), without its extension. */
function importedPath(root, filename, source) {
  let target;
  if (source.startsWith('@/')) target = path.join(root, 'src', source.slice(2));
  else if (source.startsWith('.')) target = path.resolve(path.dirname(filename), source);
  else return null;
  return path
    .relative(root, target)
    .split(path.sep)
    .join('/')
    .replace(/\.[cm]?[jt]sx?$/, '');
}

const TRANSPORTS = { 'src/api/client': 'api', 'src/api/http': 'http' };

export default {
  meta: { name: 'api' },
  rules: {
    'no-api-literal': {
      meta: { type: 'problem', docs: { description: 'API paths come from contract/endpoints.ts' } },
      create(context) {
        const root = context.cwd ?? process.cwd();
        const file = path.relative(root, context.filename).split(path.sep).join('/');
        if (!covered(file)) return {};
        const inside = file.startsWith('src/') && file !== 'src/api/client.ts' && file !== 'src/api/http.ts';
        return {
          Literal(node) {
            if (typeof node.value !== 'string' || MODULE_SOURCES.has(node.parent?.type)) return;
            if (API_PATH.test(node.value)) context.report({ node, message: LITERAL });
          },
          TemplateLiteral(node) {
            if (node.quasis.some((quasi) => API_PATH.test(quasi.value.cooked ?? quasi.value.raw)))
              context.report({ node, message: LITERAL });
          },
          ImportDeclaration(node) {
            if (!inside) return;
            const name = TRANSPORTS[importedPath(root, context.filename, node.source.value)];
            if (!name) return;
            const named = node.specifiers.some(
              (s) => s.type !== 'ImportSpecifier' || (s.imported.name ?? s.imported.value) === name,
            );
            if (named) context.report({ node, message: TRANSPORT });
          },
        };
      },
    },
  },
};
