// Migrates and seeds a data folder as the server does on its first start (server/bootstrap.ts),
// then closes it. The global setup copies the result for each worker's server: opening a seeded
// folder takes a fraction of seeding one (global-setup.ts).
import { prepare } from '../../server/bootstrap';
import { configOrExit } from '../../server/config';

const { ctx } = await prepare(configOrExit());
await ctx.db.close();
