// What changed between two OpenAPI 3.1 documents, each change ranked by what a client of the older
// one meets (docs/api.md, "Versions"): `breaking` (a call that worked, or an answer a client read,
// no longer does: raise the major), `addition` (something new a client may ignore: raise the minor)
// or `wording` (descriptions, examples, narrower answers: raise the patch). Requests are read as a
// client sends them (accepting less breaks), answers as a client reads them (giving more breaks,
// except new fields and enum values, which clients must ignore).
// Written here because no diff on npm reads OpenAPI 3.1 (openapi-diff stops at 3.0.3) and oasdiff
// is a Go binary that neither npm nor Debian carries.

type Json = Record<string, any>;
export type ChangeLevel = 'breaking' | 'addition' | 'wording';
export interface ApiChange {
  level: ChangeLevel;
  /** Where: `GET /api/peptides` then the place inside it (`200 body: data[].name`). */
  where: string;
  what: string;
}
type Side = 'request' | 'response';

const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options'];
const WORDING_KEYS = new Set(['description', 'summary', 'example', 'examples', 'title', '$comment']);
const LOWER_BOUNDS = ['minimum', 'exclusiveMinimum', 'minLength', 'minItems', 'minProperties'];
const UPPER_BOUNDS = ['maximum', 'exclusiveMaximum', 'maxLength', 'maxItems', 'maxProperties'];
const RANK: Record<ChangeLevel, number> = { wording: 0, addition: 1, breaking: 2 };

/** The largest level among the changes, or null when there are none. */
export function levelOf(changes: ApiChange[]): ChangeLevel | null {
  let level: ChangeLevel | null = null;
  for (const c of changes) if (!level || RANK[c.level] > RANK[level]) level = c.level;
  return level;
}

/** Every change from `before` to `after`, operations in document order. */
export function diffDocuments(before: Json, after: Json): ApiChange[] {
  const changes: ApiChange[] = [];
  const resolveBefore = resolver(before);
  const resolveAfter = resolver(after);
  const paths = new Set([...Object.keys(before.paths ?? {}), ...Object.keys(after.paths ?? {})]);
  for (const p of paths) {
    for (const method of METHODS) {
      const b = before.paths?.[p]?.[method];
      const a = after.paths?.[p]?.[method];
      const where = `${method.toUpperCase()} ${p}`;
      if (!b && !a) continue;
      if (!a) changes.push({ level: 'breaking', where, what: 'operation removed' });
      else if (!b) changes.push({ level: 'addition', where, what: 'operation added' });
      else {
        const diff = new Differ(resolveBefore, resolveAfter, where, changes);
        diff.operation(b, a);
      }
    }
  }
  return changes;
}

function resolver(doc: Json) {
  return (node: any): any => {
    let seen = 0;
    while (node && typeof node === 'object' && typeof node.$ref === 'string' && seen++ < 32) {
      const parts = node.$ref.replace(/^#\//, '').split('/');
      node = parts.reduce((n: any, k: string) => n?.[k.replace(/~1/g, '/').replace(/~0/g, '~')], doc);
    }
    return node;
  };
}

/** The JSON of a node without its wording, refs followed, for "did anything but words change". */
function shape(resolve: (n: any) => any, node: any, words = false, depth = 0): any {
  node = resolve(node);
  if (depth > 40 || node === null || typeof node !== 'object') return node;
  if (Array.isArray(node)) return node.map((n) => shape(resolve, n, words, depth + 1));
  const out: Json = {};
  for (const k of Object.keys(node).sort())
    if (words || !WORDING_KEYS.has(k)) out[k] = shape(resolve, node[k], words, depth + 1);
  return out;
}

class Differ {
  constructor(
    private readonly rb: (n: any) => any,
    private readonly ra: (n: any) => any,
    private readonly where: string,
    private readonly changes: ApiChange[],
  ) {}

  private add(level: ChangeLevel, place: string, what: string) {
    this.changes.push({ level, where: this.where, what: place ? `${place}: ${what}` : what });
  }

  operation(b: Json, a: Json) {
    // A generated client names its method after the operationId: a rename breaks it, a first one does not.
    if (b.operationId !== a.operationId)
      this.add(b.operationId ? 'breaking' : 'addition', '', `operationId ${b.operationId ?? '(none)'} became ${a.operationId}`);
    if (!b.deprecated && a.deprecated) this.add('addition', '', 'deprecated');
    if (JSON.stringify(b.security ?? null) !== JSON.stringify(a.security ?? null)) {
      const wasOpen = (b.security ?? []).length === 0 || (b.security ?? []).some((s: Json) => !Object.keys(s).length);
      const isOpen = (a.security ?? []).length === 0 || (a.security ?? []).some((s: Json) => !Object.keys(s).length);
      this.add(wasOpen && !isOpen ? 'breaking' : 'addition', '', 'security changed');
    }
    this.parameters(b.parameters ?? [], a.parameters ?? []);
    this.requestBody(this.rb(b.requestBody), this.ra(a.requestBody));
    this.responses(b.responses ?? {}, a.responses ?? {});
    if (b.summary !== a.summary || b.description !== a.description) this.add('wording', '', 'description reworded');
  }

  private parameters(bList: Json[], aList: Json[]) {
    const key = (p: Json) => `${p.in} ${p.name}`;
    const bs = new Map(bList.map((p) => [key(this.rb(p)), this.rb(p)]));
    const as = new Map(aList.map((p) => [key(this.ra(p)), this.ra(p)]));
    for (const k of bs.keys()) if (!as.has(k)) this.add('breaking', `parameter ${k}`, 'removed');
    for (const [k, p] of as) {
      const old = bs.get(k);
      if (!old) {
        this.add(p.required ? 'breaking' : 'addition', `parameter ${k}`, p.required ? 'added, required' : 'added');
        continue;
      }
      if (!old.required && p.required) this.add('breaking', `parameter ${k}`, 'now required');
      if (old.required && !p.required) this.add('addition', `parameter ${k}`, 'now optional');
      if (!old.deprecated && p.deprecated) this.add('addition', `parameter ${k}`, 'deprecated');
      if (old.description !== p.description) this.add('wording', `parameter ${k}`, 'description reworded');
      this.schema(old.schema, p.schema, `parameter ${k}`, 'request');
    }
  }

  private requestBody(b: Json | undefined, a: Json | undefined) {
    if (!b && !a) return;
    if (!a) return this.add('breaking', 'body', 'removed');
    if (!b) return this.add(a.required ? 'breaking' : 'addition', 'body', 'added');
    if (!b.required && a.required) this.add('breaking', 'body', 'now required');
    this.content(b.content ?? {}, a.content ?? {}, 'body', 'request');
  }

  private responses(bAll: Json, aAll: Json) {
    for (const status of Object.keys(bAll))
      if (!(status in aAll)) this.add('wording', `${status} answer`, 'no longer documented');
    for (const status of Object.keys(aAll)) {
      const a = this.ra(aAll[status]);
      const b = this.rb(bAll[status]);
      if (!b) {
        this.add('addition', `${status} answer`, 'documented');
        continue;
      }
      const place = `${status} answer`;
      const bh = b.headers ?? {};
      const ah = a.headers ?? {};
      for (const h of Object.keys(bh))
        if (!(h in ah)) this.add(this.rb(bh[h]).required ? 'breaking' : 'wording', `${place} header ${h}`, 'removed');
      for (const h of Object.keys(ah)) {
        const header = this.ra(ah[h]);
        if (!(h in bh)) this.add('addition', `${place} header ${h}`, 'added');
        else if (this.rb(bh[h]).required && !header.required)
          this.add('breaking', `${place} header ${h}`, 'no longer always sent');
        else this.schema(this.rb(bh[h]).schema, header.schema, `${place} header ${h}`, 'response');
      }
      if (b.description !== a.description) this.add('wording', place, 'description reworded');
      this.content(b.content ?? {}, a.content ?? {}, place, 'response');
    }
  }

  private content(b: Json, a: Json, place: string, side: Side) {
    for (const type of Object.keys(b)) {
      if (!(type in a)) this.add('breaking', `${place} ${type}`, 'no longer offered');
    }
    for (const type of Object.keys(a)) {
      if (!(type in b)) this.add('addition', `${place} ${type}`, 'offered');
      else this.schema(b[type].schema, a[type].schema, `${place} ${type}`, side);
    }
  }

  private schema(bIn: any, aIn: any, place: string, side: Side, depth = 0): void {
    const b = this.rb(bIn) ?? {};
    const a = this.ra(aIn) ?? {};
    if (depth > 30) return;
    if (JSON.stringify(shape(this.rb, b)) === JSON.stringify(shape(this.ra, a))) {
      if (JSON.stringify(shape(this.rb, b, true)) !== JSON.stringify(shape(this.ra, a, true)))
        this.add('wording', place, 'description or examples reworded');
      return;
    }
    const more = side === 'request' ? 'addition' : 'breaking'; // the API accepts or gives more
    const less = side === 'request' ? 'breaking' : 'wording'; // the API accepts or gives less
    const bt = typesOf(this.rb, b);
    const at = typesOf(this.ra, a);
    // An integer is a number: number to integer gives less, integer to number more.
    const gained = [...at].filter((t) => !bt.has(t) && !(t === 'integer' && bt.has('number')));
    const lost = [...bt].filter((t) => !at.has(t) && !(t === 'integer' && at.has('number')));
    if (gained.length) this.add(gained.includes('null') && side === 'response' ? 'breaking' : more, place, `now also ${gained.join(' or ')}`);
    if (lost.length) this.add(less, place, `no longer ${lost.join(' or ')}`);
    if (!b.deprecated && a.deprecated) this.add('addition', place, 'deprecated');

    const bEnum = enumOf(b);
    const aEnum = enumOf(a);
    if (bEnum || aEnum) {
      const added = (aEnum ?? []).filter((v) => !(bEnum ?? []).includes(v));
      const removed = (bEnum ?? []).filter((v) => !(aEnum ?? []).includes(v));
      // A new value in an answer is an addition: clients must ignore values they do not know.
      if (!aEnum) this.add(side === 'request' ? 'addition' : 'breaking', place, 'any value now');
      else if (!bEnum) this.add(less, place, `only ${aEnum.join(', ')} now`);
      else {
        if (added.length) this.add('addition', place, `new values ${added.map(String).join(', ')}`);
        if (removed.length) this.add(less, place, `values ${removed.map(String).join(', ')} gone`);
      }
    }

    for (const k of LOWER_BOUNDS) this.bound(b[k], a[k], place, k, side, 'lower');
    for (const k of UPPER_BOUNDS) this.bound(b[k], a[k], place, k, side, 'upper');
    for (const k of ['pattern', 'format']) {
      if (b[k] === a[k]) continue;
      if (b[k] === undefined) this.add(less, place, `${k} ${a[k]} now`);
      else if (a[k] === undefined) this.add(more, place, `${k} ${b[k]} dropped`);
      else this.add('breaking', place, `${k} ${b[k]} became ${a[k]}`);
    }

    const bProps: Json = b.properties ?? {};
    const aProps: Json = a.properties ?? {};
    const bReq = new Set<string>(b.required ?? []);
    const aReq = new Set<string>(a.required ?? []);
    for (const name of Object.keys(bProps)) {
      if (name in aProps) continue;
      // An answer without a field a client reads breaks it; a request field no longer accepted
      // is refused where objects are closed, which ours are.
      this.add('breaking', `${place}.${name}`, 'removed');
    }
    for (const name of Object.keys(aProps)) {
      const at2 = `${place}.${name}`;
      if (!(name in bProps)) {
        if (side === 'request') this.add(aReq.has(name) ? 'breaking' : 'addition', at2, aReq.has(name) ? 'added, required' : 'added');
        else this.add('addition', at2, 'added');
        continue;
      }
      if (bReq.has(name) !== aReq.has(name)) {
        const nowRequired = aReq.has(name);
        if (side === 'request') this.add(nowRequired ? 'breaking' : 'addition', at2, nowRequired ? 'now required' : 'now optional');
        else this.add(nowRequired ? 'wording' : 'breaking', at2, nowRequired ? 'now always given' : 'no longer always given');
      }
      this.schema(bProps[name], aProps[name], at2, side, depth + 1);
    }
    if (b.additionalProperties === false && a.additionalProperties !== false)
      this.add(side === 'request' ? 'addition' : 'wording', place, 'open to other fields');
    if (b.additionalProperties !== false && a.additionalProperties === false && Object.keys(bProps).length)
      this.add(less, place, 'closed to other fields');
    if (isSchema(b.additionalProperties) || isSchema(a.additionalProperties))
      this.schema(b.additionalProperties, a.additionalProperties, `${place}{}`, side, depth + 1);
    if (b.items || a.items) this.schema(b.items, a.items, `${place}[]`, side, depth + 1);
    for (const k of ['anyOf', 'oneOf', 'allOf'] as const) this.union(b[k], a[k], `${place}`, side, k, depth);
  }

  private union(bList: any[] | undefined, aList: any[] | undefined, place: string, side: Side, k: string, depth: number) {
    const bs = (bList ?? []).filter((s) => !isNull(this.rb(s)));
    const as = (aList ?? []).filter((s) => !isNull(this.ra(s)));
    if (!bs.length && !as.length) return;
    if (bs.length === as.length) {
      bs.forEach((s, i) => this.schema(s, as[i], `${place} (${k} ${i + 1})`, side, depth + 1));
      return;
    }
    if (as.length > bs.length) this.add(side === 'request' ? 'addition' : 'breaking', place, `${k} has more shapes`);
    else this.add(side === 'request' ? 'breaking' : 'wording', place, `${k} has fewer shapes`);
  }

  private bound(b: unknown, a: unknown, place: string, key: string, side: Side, kind: 'lower' | 'upper') {
    if (b === a) return;
    const tighter =
      typeof a === 'number' && (typeof b !== 'number' || (kind === 'lower' ? a > (b as number) : a < (b as number)));
    if (side === 'request') this.add(tighter ? 'breaking' : 'addition', place, `${key} ${String(b)} became ${String(a)}`);
    else this.add(tighter ? 'wording' : 'breaking', place, `${key} ${String(b)} became ${String(a)}`);
  }
}

function isSchema(x: unknown): x is Json {
  return !!x && typeof x === 'object';
}
function isNull(s: Json | undefined): boolean {
  return !!s && s.type === 'null' && Object.keys(s).length === 1;
}
function enumOf(s: Json): unknown[] | null {
  if (Array.isArray(s.enum)) return s.enum.filter((v: unknown) => v !== null);
  if ('const' in s) return [s.const];
  return null;
}
/** The JSON types a schema allows, `null` included where a union or a type list allows it. */
function typesOf(resolve: (n: any) => any, s: Json): Set<string> {
  const out = new Set<string>();
  if (Array.isArray(s.type)) for (const t of s.type) out.add(t);
  else if (typeof s.type === 'string') out.add(s.type);
  // A union allows what its shapes allow.
  for (const k of ['anyOf', 'oneOf'])
    for (const v of s[k] ?? []) for (const t of typesOf(resolve, resolve(v) ?? {})) out.add(t);
  if (Array.isArray(s.enum) && s.enum.includes(null)) out.add('null');
  return out;
}

/** `MAJOR.MINOR.PATCH` as three numbers, or null when the text is not one. */
export function parseVersion(text: string): [number, number, number] | null {
  const m = /^(0|[1-9]\d*)\.(0|[1-9]\d*)\.(0|[1-9]\d*)$/.exec(text);
  return m ? [Number(m[1]), Number(m[2]), Number(m[3])] : null;
}

/** The version a release after `released` must have at least, for changes of this level. */
export function nextVersion(released: string, level: ChangeLevel | null): string {
  const v = parseVersion(released);
  if (!v) throw new Error(`${released} is not a MAJOR.MINOR.PATCH version`);
  if (level === 'breaking') return `${v[0] + 1}.0.0`;
  if (level === 'addition') return `${v[0]}.${v[1] + 1}.0`;
  if (level === 'wording') return `${v[0]}.${v[1]}.${v[2] + 1}`;
  return released;
}

/** Whether `version` is a raise over `released` large enough for changes of this level. */
export function raisesEnough(released: string, version: string, level: ChangeLevel | null): boolean {
  const r = parseVersion(released);
  const v = parseVersion(version);
  if (!r || !v) return false;
  if (level === null) return version === released;
  const needed = parseVersion(nextVersion(released, level)) as [number, number, number];
  for (let i = 0; i < 3; i++) if (v[i] !== needed[i]) return v[i] > needed[i];
  return true;
}

// `npm run api:diff [BEFORE AFTER]`: what AFTER changes from BEFORE (by default the last release's
// document, docs/api-release/openapi.json, and the one this checkout serves), and the version the
// change needs at least.
if (import.meta.url === `file://${process.argv[1]}`) {
  const fs = await import('node:fs');
  const path = await import('node:path');
  const { currentDocument } = await import('./openapi-document.mts');
  const [beforeFile, afterFile] = process.argv.slice(2);
  const releaseFile = path.resolve(import.meta.dirname, '../docs/api-release/openapi.json');
  const before = JSON.parse(fs.readFileSync(beforeFile ?? releaseFile, 'utf8'));
  const after = afterFile ? JSON.parse(fs.readFileSync(afterFile, 'utf8')) : await currentDocument();
  const changes = diffDocuments(before, after);
  for (const level of ['breaking', 'addition', 'wording'] as const) {
    const these = changes.filter((c) => c.level === level);
    if (!these.length) continue;
    console.log(`\n${level} (${these.length})`);
    for (const c of these) console.log(`- ${c.where}: ${c.what}`);
  }
  const from = String(before.info?.version ?? '');
  const needed = parseVersion(from) ? nextVersion(from, levelOf(changes)) : '(the release is not MAJOR.MINOR.PATCH)';
  console.log(`\n${changes.length} changes; ${from} needs at least ${needed}; the document says ${after.info?.version}`);
}
