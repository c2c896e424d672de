// One clock (docs/architecture.md, "One clock"): in server/services/ and server/plugins/ every
// "now" comes from the context's clock (ctx.clock, server/lib/clock.ts), which tests move. This
// oxlint JS plugin, loaded by .oxlintrc.json, refuses the two other sources there: `new Date()`
// without arguments and `Date.now` (called or passed along). `new Date(ms)` converts a time and
// stays; durations use performance.now(), which tells no time of day. Test files beside the code
// are not the server's time and are left alone. tests/server/lint-one-clock.test.ts runs it on
// probes.
import path from 'node:path';

/** The folders whose time is ctx.clock's. */
export const CLOCKED = ['server/services/', 'server/plugins/'];

const MESSAGE =
  'One clock: in server/services/ and server/plugins/ time comes from ctx.clock (server/lib/clock.ts), never new Date() or Date.now(); performance.now() for durations (docs/architecture.md).';

const isDate = (node) => node?.type === 'Identifier' && node.name === 'Date';

export default {
  meta: { name: 'clock' },
  rules: {
    'one-clock': {
      meta: { type: 'problem', docs: { description: 'Time comes from ctx.clock in services and plugins' } },
      create(context) {
        const root = context.cwd ?? process.cwd();
        const file = path.relative(root, context.filename).split(path.sep).join('/');
        if (!CLOCKED.some((zone) => file.startsWith(zone)) || /\.test\.[cm]?[jt]sx?$/.test(file)) return {};
        return {
          NewExpression(node) {
            if (isDate(node.callee) && node.arguments.length === 0) context.report({ node, message: MESSAGE });
          },
          MemberExpression(node) {
            const name = node.computed ? node.property.value : node.property.name;
            if (isDate(node.object) && name === 'now') context.report({ node, message: MESSAGE });
          },
        };
      },
    },
  },
};
