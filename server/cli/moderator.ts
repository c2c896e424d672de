// `npm run moderator -- <email>`: promotes an existing account to an approved moderator.
import { prepare } from '../bootstrap';
import { configOrExit } from '../config';
import { promoteToModerator } from '../services/users';

const email = process.argv[2];
if (!email) {
  console.error('Usage: npm run moderator -- <email>');
  process.exit(2);
}
const { ctx } = await prepare(configOrExit(), { seed: false });
try {
  const user = await promoteToModerator(ctx, email);
  console.log(`${user.email} is now an approved moderator.`);
} catch (err) {
  console.error((err as Error).message);
  process.exitCode = 1;
} finally {
  await ctx.db.close();
}
