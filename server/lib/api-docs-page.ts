// The API's reference for people, rendered once on the server from the OpenAPI document
// (plugins/openapi.ts): plain HTML and CSS, no script, so it loads under the site's CSP and
// works with a keyboard and a screen reader, in light and dark.
type JsonSchema = {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  default?: unknown;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  description?: string;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
};

interface Parameter {
  name: string;
  in: string;
  required?: boolean;
  schema?: JsonSchema;
  description?: string;
}

interface Operation {
  summary?: string;
  description?: string;
  tags?: string[];
  deprecated?: boolean;
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, { schema?: unknown }> };
  responses?: Record<string, { description?: string; content?: Record<string, { schema?: unknown }> }>;
  'x-access'?: string;
}

export interface OpenApiDocument {
  openapi: string;
  info: { title: string; version: string; description?: string };
  tags?: { name: string }[];
  paths?: Record<string, Record<string, Operation>>;
}

const METHODS = ['get', 'post', 'put', 'patch', 'delete'];

function escape(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** `code` spans and paragraphs from the document's short Markdown. */
function prose(text: string): string {
  return text
    .split(/\n{2,}/)
    .map((para) => `<p>${escape(para).replace(/`([^`]+)`/g, '<code>$1</code>')}</p>`)
    .join('');
}

/** "integer from 1 to 100, default 20": a parameter's schema in words. */
function describe(schema: JsonSchema = {}): string {
  const parts: string[] = [];
  if (schema.enum) parts.push(`one of ${schema.enum.map((v) => String(v)).join(', ')}`);
  else if (schema.anyOf ?? schema.oneOf) parts.push((schema.anyOf ?? schema.oneOf)!.map(describe).join(' or '));
  else {
    const type = Array.isArray(schema.type) ? schema.type.join(' or ') : (schema.type ?? 'value');
    parts.push(type === 'string' ? 'text' : type);
    if (schema.format) parts.push(`(${schema.format})`);
    if (schema.minimum !== undefined && schema.maximum !== undefined) parts.push(`from ${schema.minimum} to ${schema.maximum}`);
    else if (schema.minimum !== undefined) parts.push(`at least ${schema.minimum}`);
    else if (schema.maximum !== undefined) parts.push(`at most ${schema.maximum}`);
    if (schema.maxLength !== undefined) parts.push(`up to ${schema.maxLength} characters`);
  }
  let text = parts.join(' ');
  if (schema.default !== undefined && schema.default !== '') text += `, default ${String(schema.default)}`;
  return text;
}

function schemaBlock(label: string, schema: unknown): string {
  return `<details><summary>${escape(label)}</summary><pre>${escape(JSON.stringify(schema, null, 2))}</pre></details>`;
}

function anchor(method: string, path: string): string {
  return `${method}-${path.replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, '')}`;
}

function operationHtml(method: string, path: string, op: Operation): string {
  const id = anchor(method, path);
  const params = (op.parameters ?? [])
    .map(
      (p) =>
        `<li><code>${escape(p.name)}</code> <span class="muted">(${p.in === 'query' ? 'query' : 'path'}, ${p.required ? 'required' : 'optional'})</span>: ${escape(describe(p.schema))}</li>`,
    )
    .join('');
  const body = op.requestBody?.content?.['application/json']?.schema;
  const responses = Object.entries(op.responses ?? {})
    .map(([status, r]) => {
      const schemas = Object.entries(r.content ?? {}).filter(([, c]) => c.schema);
      const blocks = schemas.map(([type, c]) => schemaBlock(`Schema (${type})`, c.schema)).join('');
      return `<li><strong>${escape(status)}</strong>: ${escape(r.description ?? '')}${blocks}</li>`;
    })
    .join('');
  return `<section class="op" aria-labelledby="${id}">
<h3 id="${id}"><span class="method m-${method}">${method.toUpperCase()}</span> <code class="path">${escape(path)}</code></h3>
<p class="summary">${escape(op.summary ?? '')}${op.deprecated ? ' <span class="muted">(retired)</span>' : ''}</p>
${op.description ? prose(op.description) : ''}
${params ? `<h4>Parameters</h4><ul>${params}</ul>` : ''}
${body ? `<h4>Request body (JSON)</h4>${schemaBlock('Schema', body)}` : ''}
${responses ? `<h4>Responses</h4><ul>${responses}</ul>` : ''}
</section>`;
}

const STYLE = `
:root { color-scheme: light dark; --bg: #ffffff; --fg: #1b1f24; --muted: #4b5563; --line: #d1d5db; --code: #f3f4f6; --link: #1d4ed8; --focus: #1d4ed8; }
@media (prefers-color-scheme: dark) {
  :root { --bg: #111418; --fg: #e8eaed; --muted: #b4bcc8; --line: #374151; --code: #1f252d; --link: #93c5fd; --focus: #93c5fd; }
}
* { box-sizing: border-box; }
body { margin: 0; background: var(--bg); color: var(--fg); font: 16px/1.55 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; }
a { color: var(--link); }
a:focus-visible, summary:focus-visible { outline: 3px solid var(--focus); outline-offset: 2px; }
.skip { position: absolute; left: -9999px; }
.skip:focus { left: 1rem; top: 1rem; background: var(--bg); padding: .5rem; }
header, main, nav { max-width: 60rem; margin: 0 auto; padding: 0 1rem; }
header { padding-top: 1.5rem; }
h1 { font-size: 1.75rem; margin: 0 0 .5rem; }
h2 { font-size: 1.35rem; margin: 2.5rem 0 .5rem; padding-bottom: .25rem; border-bottom: 1px solid var(--line); text-transform: capitalize; }
h3 { font-size: 1.05rem; margin: 0; display: flex; flex-wrap: wrap; gap: .5rem; align-items: center; }
h4 { font-size: .95rem; margin: .75rem 0 .25rem; }
nav ul { list-style: none; padding: 0; display: flex; flex-wrap: wrap; gap: .25rem 1rem; }
nav a { text-transform: capitalize; }
code, pre { font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; font-size: .9em; }
code { background: var(--code); padding: .05rem .3rem; border-radius: 4px; overflow-wrap: anywhere; }
pre { background: var(--code); padding: .75rem; border-radius: 6px; white-space: pre-wrap; overflow-wrap: anywhere; margin: .5rem 0; }
.op { border: 1px solid var(--line); border-radius: 8px; padding: 1rem; margin: 1rem 0; }
.op ul { padding-left: 1.25rem; margin: .25rem 0; }
.summary { margin: .5rem 0 0; font-weight: 600; }
.muted { color: var(--muted); }
.method { display: inline-block; min-width: 4.5rem; text-align: center; border-radius: 4px; padding: .1rem .4rem; color: #ffffff; font-size: .85rem; font-weight: 700; }
.m-get { background: #0a6640; } .m-post { background: #1d4ed8; } .m-put { background: #92400e; } .m-patch { background: #6d28d9; } .m-delete { background: #b91c1c; }
.path { background: none; padding: 0; font-size: 1rem; }
details { margin: .25rem 0; }
summary { cursor: pointer; color: var(--link); }
footer { max-width: 60rem; margin: 2rem auto; padding: 0 1rem 2rem; color: var(--muted); }
`;

export function renderApiDocs(doc: OpenApiDocument, jsonPath: string): string {
  const byTag = new Map<string, string[]>((doc.tags ?? []).map((t) => [t.name, []]));
  for (const [path, item] of Object.entries(doc.paths ?? {})) {
    for (const method of METHODS) {
      const op = item[method];
      if (!op) continue;
      const tag = op.tags?.[0] ?? 'other';
      if (!byTag.has(tag)) byTag.set(tag, []);
      byTag.get(tag)!.push(operationHtml(method, path, op));
    }
  }
  const groups = [...byTag].filter(([, ops]) => ops.length);
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light dark">
<link rel="icon" type="image/svg+xml" href="/favicon.svg">
<title>${escape(doc.info.title)}: reference</title>
<style>${STYLE}</style>
</head>
<body>
<a class="skip" href="#routes">Skip to the routes</a>
<header>
<h1>${escape(doc.info.title)}</h1>
${doc.info.description ? prose(doc.info.description) : ''}
<p>Machine-readable: <a href="${escape(jsonPath)}">the OpenAPI ${escape(doc.openapi)} document (JSON)</a>. <a href="/research">Back to the Research Hub</a>.</p>
</header>
<nav aria-label="Route groups"><ul>${groups.map(([tag]) => `<li><a href="#${escape(tag)}">${escape(tag)}</a></li>`).join('')}</ul></nav>
<main id="routes">
${groups.map(([tag, ops]) => `<section aria-labelledby="${escape(tag)}"><h2 id="${escape(tag)}">${escape(tag)}</h2>${ops.join('\n')}</section>`).join('\n')}
</main>
<footer>Generated from the route schemas the server validates with.</footer>
</body>
</html>`;
}
