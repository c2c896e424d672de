// `npm start`: builds the SPA when the build is missing or older than its sources, then runs
// the server (API + SPA) in this same process so signals reach it directly. With WORKERS=N and
// DATABASE_URL, server/serve.ts forks N workers of this script (node:cluster) on the one port;
// they skip the build check's rebuild (SKIP_BUILD) since the primary already did it.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const builtIndex = path.join(root, 'dist', 'index.html');

function newestMtime(entry) {
  if (!fs.existsSync(entry)) return 0;
  const stat = fs.statSync(entry);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const name of fs.readdirSync(entry)) newest = Math.max(newest, newestMtime(path.join(entry, name)));
  return newest;
}

const sources = [
  'src',
  'contract',
  'public',
  'index.html',
  'vite.config.ts',
  'scripts/route-manifest.ts',
  'scripts/precompress.ts',
  'server/lib/compression.ts',
  'package-lock.json',
].map((p) => path.join(root, p));
const stale = !fs.existsSync(builtIndex) || Math.max(...sources.map(newestMtime)) > fs.statSync(builtIndex).mtimeMs;
if (stale && process.env.SKIP_BUILD !== 'true') {
  console.log('Building the web app (vite build)...');
  const vite = path.join(root, 'node_modules', 'vite', 'bin', 'vite.js');
  const result = spawnSync(process.execPath, [vite, 'build', '--logLevel', 'warn'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

const { register } = await import('tsx/esm/api');
register();
await import('../server/index.ts');
