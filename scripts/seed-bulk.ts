// `npm run seed:bulk -- --experiences 100000 [--voters 300] [--seed 2024]`
// Fills the database the server would use (PGlite in DATA_DIR, or PostgreSQL by DATABASE_URL)
// with generated demo reports. Stop the server first when it uses PGlite: the folder is locked.
import { parseArgs } from 'node:util';
import { prepare } from '../server/bootstrap';
import { configOrExit } from '../server/config';
import { bulkSeed } from '../server/db/seed/bulk';

const { values } = parseArgs({
  options: {
    experiences: { type: 'string', default: '100000' },
    voters: { type: 'string', default: '300' },
    seed: { type: 'string', default: '2024' },
    months: { type: 'string', default: '24' },
  },
});
const experiences = Number(values.experiences);
if (!Number.isInteger(experiences) || experiences < 1) {
  console.error(`--experiences must be a positive whole number, got "${values.experiences}"`);
  process.exit(1);
}

const config = configOrExit();
const started = Date.now();
const { ctx } = await prepare(config);
try {
  const where = ctx.db.kind === 'pglite' ? `PGlite in ${config.dataDir}` : 'PostgreSQL (DATABASE_URL)';
  console.log(`Generating ${experiences.toLocaleString('en')} experiences into ${where}...`);
  let lastLog = 0;
  const result = await bulkSeed(ctx.db, {
    experiences,
    voters: Number(values.voters),
    seed: Number(values.seed),
    months: Number(values.months),
    onPhase: (line) => console.log(`  ${line}`),
    onProgress: (done) => {
      if (Date.now() - lastLog > 3000 || done === experiences) {
        lastLog = Date.now();
        console.log(`  ${done.toLocaleString('en')} / ${experiences.toLocaleString('en')}`);
      }
    },
  });
  const loaded = Date.now();
  // Fresh statistics so the planner picks the feed indexes on the new volume.
  await ctx.db.query('analyze');
  console.log(`  aggregates and statistics in ${((Date.now() - loaded) / 1000).toFixed(1)} s`);
  const total = await ctx.db.query<{ n: number }>('select count(*)::int as n from experiences');
  console.log(
    `Inserted ${result.experiences.toLocaleString('en')} experiences and ${result.votes.toLocaleString('en')} votes ` +
      `in ${((Date.now() - started) / 1000).toFixed(1)} s; the database now holds ${total.rows[0].n.toLocaleString('en')} experiences.`,
  );
} finally {
  await ctx.db.close();
}
