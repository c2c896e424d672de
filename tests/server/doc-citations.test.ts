// Comments cite the docs by file and heading (`docs/performance.md, "Writes"`, or
// `docs/<file>.md#<anchor>`), and headings get renamed: every such citation must name a file in docs/
// and a heading it has, so a reader who follows one lands somewhere. Why a line is as it is goes
// in the comment itself or in the docs, never in a tracker's number (a reader of the code has no
// tracker), so no comment or test name cites an issue. Comments are read with a parser (oxc, as
// rolldown, Vite's bundler, ships it), so a `//` inside a string or a regular expression is not
// taken for one.
import fs from 'node:fs';
import path from 'node:path';
import { type ESTree, parseSync, Visitor } from 'rolldown/utils';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');
const SOURCE_FOLDERS = ['src', 'server', 'contract', 'tests', 'scripts'];
const SOURCE_FILE = /\.(?:[cm]?[jt]sx?)$/;

function sourceFiles(folder: string): string[] {
  return fs.readdirSync(path.join(root, folder), { withFileTypes: true }).flatMap((entry) => {
    const relative = `${folder}/${entry.name}`;
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : sourceFiles(relative);
    return SOURCE_FILE.test(entry.name) ? [relative] : [];
  });
}

/** The repository's own code: the folders above and the configuration files at its root. */
const FILES = [
  ...SOURCE_FOLDERS.flatMap(sourceFiles),
  ...fs.readdirSync(root).filter((name) => SOURCE_FILE.test(name)),
];

interface Comment {
  file: string;
  line: number;
  /** The comment's words, its markers (`//`, `/*`, leading `*`) taken out and its lines joined. */
  text: string;
}

interface TestName {
  file: string;
  line: number;
  name: string;
}

const TEST_CALLS = new Set(['it', 'test', 'describe', 'suite', 'bench']);

/** `it`, `it.each([...])`, `describe.skip`: the function a test or a suite is declared with. */
function testCallee(callee: ESTree.Node): boolean {
  if (callee.type === 'Identifier') return TEST_CALLS.has(callee.name);
  if (callee.type === 'MemberExpression') return testCallee(callee.object);
  if (callee.type === 'CallExpression') return testCallee(callee.callee);
  return false;
}

function read(file: string): { comments: Comment[]; testNames: TestName[] } {
  const text = fs.readFileSync(path.join(root, file), 'utf8');
  const parsed = parseSync(file, text);
  const lineOf = (offset: number) => text.slice(0, offset).split('\n').length;
  const comments = parsed.comments.map((comment) => ({
    file,
    line: lineOf(comment.start),
    text: comment.value
      .split('\n')
      .map((line) => line.replace(/^\s*\*+(?!\/)/, ''))
      .join(' ')
      .replace(/\s+/g, ' '),
  }));
  const testNames: TestName[] = [];
  new Visitor({
    CallExpression(node) {
      const [name] = node.arguments;
      if (!name || !testCallee(node.callee)) return;
      if ((name.type === 'Literal' && typeof name.value === 'string') || name.type === 'TemplateLiteral') {
        testNames.push({ file, line: lineOf(name.start), name: text.slice(name.start, name.end) });
      }
    },
  }).visit(parsed.program);
  return { comments, testNames };
}

const parsed = FILES.map(read);
const COMMENTS = parsed.flatMap((p) => p.comments);
const TEST_NAMES = parsed.flatMap((p) => p.testNames);

/** A heading as a reader sees it: without Markdown's marks. */
const plain = (heading: string) => heading.replace(/[`*_]/g, '').trim();
/** GitHub's anchor for a heading. */
const slug = (heading: string) =>
  plain(heading)
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s-]/gu, '')
    .replace(/\s/g, '-');

/** The headings of a Markdown file, outside its fenced code blocks. */
function headingsOf(doc: string): string[] {
  let fenced = false;
  const headings: string[] = [];
  for (const line of fs.readFileSync(path.join(root, doc), 'utf8').split('\n')) {
    if (/^\s*(?:```|~~~)/.test(line)) fenced = !fenced;
    const heading = !fenced && /^#{1,6}\s+(.+?)\s*#*\s*$/.exec(line);
    if (heading) headings.push(heading[1]);
  }
  return headings;
}

/**
 * Whether `doc` has the heading cited: the same words, or the same words followed by a remark in
 * parentheses (`Tests (tests/)`, `The web app's files, compressed once (27 November 2026)`).
 */
function hasHeading(doc: string, cited: string): boolean {
  return headingsOf(doc).some((heading) => {
    const words = plain(heading);
    return words === cited || words.replace(/\s*\([^)]*\)$/, '') === cited;
  });
}

/** A file of docs/, then optionally `#anchor` or `, "Heading"` (the comma may be left out). */
const CITATION = /\bdocs\/((?:[\w.-]+\/)*[\w.-]+\.md)(?:#([\w-]+)|,?\s+"([^"]+)")?/g;

/** The word issue (or issues) and a number, a number after #, GH- and a number. */
const ISSUE_NUMBER = /\bissues?\s+#?\d+|(?:^|[\s([,])#\d+\b(?![\w-])|\bGH-\d+\b/i;

describe('citations of the docs in code comments', () => {
  const citations = COMMENTS.flatMap((comment) =>
    [...comment.text.matchAll(CITATION)].map(([whole, doc, anchor, heading]) => ({
      where: `${comment.file}:${comment.line}`,
      whole,
      doc: `docs/${doc}`,
      anchor,
      heading,
    })),
  );

  it('reads a plausible number of comments and citations (the parser found them)', () => {
    expect(COMMENTS.length).toBeGreaterThan(1000);
    expect(citations.filter((c) => c.heading).length).toBeGreaterThan(100);
  });

  it('names files that exist in docs/', () => {
    const missing = citations.filter((c) => !fs.existsSync(path.join(root, c.doc)));
    expect(missing.map((c) => `${c.where}: ${c.whole}`)).toEqual([]);
  });

  it('names headings those files have', () => {
    const broken = citations.filter(
      (c) =>
        fs.existsSync(path.join(root, c.doc)) &&
        ((c.heading !== undefined && !hasHeading(c.doc, c.heading)) ||
          (c.anchor !== undefined && !headingsOf(c.doc).map(slug).includes(c.anchor))),
    );
    expect(broken.map((c) => `${c.where}: ${c.whole}`)).toEqual([]);
  });

  it('knows a broken citation when it sees one', () => {
    expect(hasHeading('docs/performance.md', 'Writes')).toBe(true);
    expect(hasHeading('docs/architecture.md', 'Tests')).toBe(true);
    expect(hasHeading('docs/performance.md', 'Write')).toBe(false);
    expect(headingsOf('docs/architecture.md').map(slug)).toContain('the-walls-enforced');
  });
});

describe('issue numbers', () => {
  it('are cited by no code comment', () => {
    const citing = COMMENTS.filter((c) => ISSUE_NUMBER.test(c.text));
    expect(citing.map((c) => `${c.file}:${c.line}: ${c.text.match(ISSUE_NUMBER)?.[0]}`)).toEqual([]);
  });

  it('are cited by no test name', () => {
    expect(TEST_NAMES.length).toBeGreaterThan(1000);
    const citing = TEST_NAMES.filter((t) => ISSUE_NUMBER.test(t.name));
    expect(citing.map((t) => `${t.file}:${t.line}: ${t.name}`)).toEqual([]);
  });

  it('are told from colours and counts', () => {
    for (const text of ['issue 47', 'Issues 46 and 47', 'fixed in #12.', '(#3)', 'see GH-9']) {
      expect(text).toMatch(ISSUE_NUMBER);
    }
    for (const text of ['color: #0f766e', 'color:#000', 'tissue 4 cells', 'issued 3 tokens']) {
      expect(text).not.toMatch(ISSUE_NUMBER);
    }
  });
});
