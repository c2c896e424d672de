// Starts the API and SPA server on PORT; closes the database cleanly on SIGTERM/SIGINT.
import { buildApp, loggerOptions } from './app';
import { prepare } from './bootstrap';
import { loadConfig } from './config';

const started = Date.now();
const config = loadConfig();

let prepared;
try {
  prepared = await prepare(config);
} catch (err) {
  console.error(`Could not start: ${(err as Error).message}`);
  process.exit(1);
}
const { ctx, seeded } = prepared;
const app = await buildApp(ctx, { logger: loggerOptions(config.logLevel) });

let closing = false;
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  app.log.info(`${signal} received, closing`);
  try {
    await app.close();
  } finally {
    await ctx.db.close();
    process.exit(0);
  }
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));

await app.listen({ port: config.port, host: config.host });
if (seeded.peptides) app.log.info(`Seeded ${seeded.peptides} peptides and ${seeded.experiences} demo experiences`);
app.log.info(
  `Serving on http://localhost:${config.port} (${ctx.db.kind}${ctx.db.kind === 'pglite' ? ` in ${config.dataDir}` : ''}) ` +
    `ready in ${Date.now() - started} ms`,
);
