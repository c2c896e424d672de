// The API document as a stranger's tools read it: Redocly's recommended rules find nothing
// (redocly.yaml), and a client generated from it with openapi-typescript, called through
// openapi-fetch, type-checks, with named operations and shapes a caller can import, and a
// wrong call refused by the compiler.
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import ts from 'typescript5';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers';

const root = path.resolve(import.meta.dirname, '../..');
let t: TestApp;
let dir: string;
let documentFile: string;

beforeAll(async () => {
  // A real address: Redocly warns about a localhost server.
  t = await createTestApp({ PUBLIC_URL: 'https://peptides.community.test' });
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'openapi-'));
  documentFile = path.join(dir, 'openapi.json');
  fs.writeFileSync(documentFile, (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).body);
}, 120_000);
afterAll(async () => {
  await t?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('the OpenAPI document', () => {
  it('passes Redocly lint on the recommended rules with no error and no warning', async () => {
    const { stdout } = await promisify(execFile)(
      path.join(root, 'node_modules/.bin/redocly'),
      ['lint', documentFile, '--config', path.join(root, 'redocly.yaml'), '--format', 'json'],
      {
        env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
        maxBuffer: 16 * 1024 * 1024,
      },
    ).catch((err: { stdout?: string }) => ({ stdout: err.stdout ?? '' }));
    const report = JSON.parse(stdout.slice(stdout.indexOf('{'))) as {
      totals: { errors: number; warnings: number };
      problems: { ruleId: string; message: string }[];
    };
    const problems = report.problems.map((p) => `${p.ruleId}: ${p.message}`);
    console.log(`redocly lint: ${report.totals.errors} errors, ${report.totals.warnings} warnings`);
    expect(problems).toEqual([]);
    expect(report.totals).toMatchObject({ errors: 0, warnings: 0 });
  }, 120_000);

  it('gives request bodies examples, and each example passes its own schema (Ajv)', () => {
    type Media = { schema: Record<string, unknown>; example?: unknown };
    const doc = JSON.parse(fs.readFileSync(documentFile, 'utf8')) as {
      paths: Record<string, Record<string, { operationId: string; requestBody?: { content: Record<string, Media> } }>>;
    };
    const ajv = new Ajv2020({ strict: false, allErrors: true });
    addFormats.default(ajv);
    const exampled: string[] = [];
    for (const item of Object.values(doc.paths)) {
      for (const op of Object.values(item)) {
        const media = op.requestBody?.content['application/json'];
        if (media?.example === undefined) continue;
        exampled.push(op.operationId);
        expect(ajv.validate(media.schema, media.example), `${op.operationId}: ${ajv.errorsText()}`).toBe(true);
      }
    }
    expect(exampled).toEqual(expect.arrayContaining(['login', 'vote', 'trackedExperience', 'deleteTrackedExperience']));
  });

  it('generates a typed client whose calls type-check, and whose wrong calls do not', async () => {
    // openapi-typescript drives the TypeScript 5 compiler API, which our TypeScript 7 no longer
    // has: its `typescript` import is pointed at the typescript5 package for this run only.
    fs.writeFileSync(
      path.join(dir, 'hooks.mjs'),
      `export async function resolve(specifier, context, next) { return next(specifier === 'typescript' ? 'typescript5' : specifier, context); }`,
    );
    fs.writeFileSync(
      path.join(dir, 'register.mjs'),
      `import { register } from 'node:module'; register('./hooks.mjs', import.meta.url);`,
    );
    await promisify(execFile)(
      process.execPath,
      [
        '--import',
        path.join(dir, 'register.mjs'),
        path.join(root, 'node_modules/openapi-typescript/bin/cli.js'),
        documentFile,
        '--output',
        path.join(dir, 'api.d.ts'),
      ],
      { cwd: root },
    );
    const types = fs.readFileSync(path.join(dir, 'api.d.ts'), 'utf8');
    // A stranger's script: the feed page by page, one report's type by name, a member call.
    fs.writeFileSync(
      path.join(dir, 'client.ts'),
      `import createClient from 'openapi-fetch';
import type { components, operations, paths } from './api';

type Experience = components['schemas']['Experience'];
type ErrorBody = components['schemas']['Error'];
const api = createClient<paths>({ baseUrl: 'https://peptides.community.test' });

export async function allReports(): Promise<Experience[]> {
  const reports: Experience[] = [];
  let cursor: string | undefined;
  do {
    const { data, error } = await api.GET('/api/experiences', { params: { query: { limit: 100, cursor } } });
    if (error) throw new Error((error as ErrorBody).code);
    reports.push(...data.data.experiences);
    cursor = data.data.nextCursor ?? undefined;
  } while (cursor);
  return reports;
}

export async function me(token: string) {
  const { data } = await api.GET('/api/users/me', { headers: { Authorization: \`Bearer \${token}\` } });
  return data?.data.user.email;
}

export const noDemographics = (r: Experience): boolean => r.demographics === null;

export async function whoReports(id: string) {
  const { data } = await api.GET('/api/peptides/{id}', { params: { path: { id } } });
  return data?.data.peptide.reporters.shares?.ageRange.map((s) => \`\${s.value} \${s.percent}%\`) ?? [];
}
export type SubmitBody = operations['submitExperience']['requestBody'];

export async function wrong() {
  // @ts-expect-error: the feed has no such parameter
  await api.GET('/api/experiences', { params: { query: { page: 'two' } } });
  // @ts-expect-error: a vote names its kind from the contract's list
  await api.POST('/api/experiences/{id}/vote', { params: { path: { id: 'x' } }, body: { voteType: 'great' } });
}
`,
    );
    const program = ts.createProgram([path.join(dir, 'client.ts')], {
      strict: true,
      noEmit: true,
      target: ts.ScriptTarget.ES2022,
      module: ts.ModuleKind.ESNext,
      moduleResolution: ts.ModuleResolutionKind.Bundler,
      skipLibCheck: true,
      typeRoots: [],
      types: [],
      baseUrl: dir,
      paths: { 'openapi-fetch': [path.join(root, 'node_modules/openapi-fetch')] },
    });
    const diagnostics = ts
      .getPreEmitDiagnostics(program)
      .map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'));
    console.log(
      `generated client: ${types.split('\n').length} lines of types, ${Object.keys(JSON.parse(fs.readFileSync(documentFile, 'utf8')).components.schemas).length} named schemas`,
    );
    expect(diagnostics).toEqual([]);
    expect(types).toMatch(/submitExperience: \{/);
  }, 120_000);
});
