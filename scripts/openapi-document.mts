// Prints the OpenAPI document this checkout serves at GET /api/openapi.json, on an empty database
// in memory (the document depends on the code, never on the data). `npm run api:document -- --out
// FILE` writes it to FILE; docs/api.md says when a release keeps it as docs/api-release/openapi.json.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../server/app';
import { jwtSecret } from '../server/bootstrap';
import { loadConfig } from '../server/config';
import { createContext } from '../server/context';
import { openDb } from '../server/db/client';
import { migrate } from '../server/db/migrate';

/** The document as a client reads it, with `servers` as served from `publicUrl`. */
export async function currentDocument(publicUrl = 'https://peptides.example'): Promise<Record<string, unknown>> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'openapi-document-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    STATIC_DIR: 'none',
    SEED_DEMO: 'false',
    PUBLIC_URL: publicUrl,
    PUBLISH_EVERY: '0',
    LOG_LEVEL: 'silent',
  });
  const db = await openDb({ dataDir: 'memory://', databaseUrl: null });
  try {
    await migrate(db);
    const app = await buildApp(createContext(config, db, await jwtSecret(db, null)));
    try {
      const answer = await app.inject({ method: 'GET', url: '/api/openapi.json' });
      return JSON.parse(answer.body) as Record<string, unknown>;
    } finally {
      await app.close();
    }
  } finally {
    await db.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const out = process.argv.indexOf('--out');
  const text = `${JSON.stringify(await currentDocument(), null, 2)}\n`;
  if (out > 0) fs.writeFileSync(process.argv[out + 1], text);
  else process.stdout.write(text);
}
