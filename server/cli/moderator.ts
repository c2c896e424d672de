// `npm run moderator -- <email>`: promotes an existing account to an approved moderator.
import { prepare } from '../bootstrap';
import { configOrExit } from '../config';
import { restrictNewFiles } from '../db/data-dir-modes';
import { promoteToModerator } from '../services/users';

const email = process.argv[2];
if (!email) {
  console.error('Usage: npm run moderator -- <email>');
  process.exit(2);
}
restrictNewFiles();
const { ctx, dataDirNotice } = await prepare(configOrExit(), { seed: false });
if (dataDirNotice) console.warn(dataDirNotice);
try {
  const user = await promoteToModerator(ctx, email);
  console.log(`${user.email} is now an approved moderator.`);
} catch (err) {
  console.error((err as Error).message);
  process.exitCode = 1;
} finally {
  await ctx.db.close();
}
