// Reads PGlite's answer to a prepared statement's Bind/Execute/Sync straight from the bytes.
// PGlite's own protocol parser copies every field into a fresh ArrayBuffer before decoding it:
// for a feed page (21 rows of 28 columns) that parsing cost about three times what the
// WebAssembly backend spent running the query (docs/performance.md, "The uncached path").
// Only the messages such an answer holds are read here; anything else (an error, a notice)
// returns null and the caller hands the bytes to PGlite's parser, which builds its errors.

export interface Column {
  name: string;
  dataTypeID: number;
}

type Parser = (text: string, typeId: number) => unknown;

const PARSE_COMPLETE = 0x31; // '1'
const BIND_COMPLETE = 0x32; // '2'
const CLOSE_COMPLETE = 0x33; // '3'
const NO_DATA = 0x6e; // 'n'
const READY_FOR_QUERY = 0x5a; // 'Z'
const DATA_ROW = 0x44; // 'D'
const COMMAND_COMPLETE = 0x43; // 'C'

/** Tags whose trailing number counts changed rows, as PGlite's parseResults counts them. */
const WRITE_TAGS = new Set(['INSERT', 'UPDATE', 'DELETE', 'COPY', 'MERGE']);

/**
 * Rows (objects keyed by column name, values through `parsers` by type id, exactly as PGlite's
 * parseResults builds them) and the rows a write changed; null when the answer holds any other
 * message.
 */
export function readRows(
  bytes: Uint8Array,
  columns: readonly Column[],
  parsers: Record<number, Parser | undefined>,
): { rows: Record<string, unknown>[]; affectedRows: number } | null {
  const buf = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const rows: Record<string, unknown>[] = [];
  const columnParsers = columns.map((c) => parsers[c.dataTypeID]);
  let affectedRows = 0;
  let at = 0;
  while (at + 5 <= buf.length) {
    const type = buf[at];
    const end = at + 1 + buf.readInt32BE(at + 1);
    if (end > buf.length) return null;
    let p = at + 5;
    switch (type) {
      case DATA_ROW: {
        const count = buf.readInt16BE(p);
        if (count !== columns.length) return null;
        p += 2;
        const row: Record<string, unknown> = {};
        for (let i = 0; i < count; i++) {
          const length = buf.readInt32BE(p);
          p += 4;
          if (length < 0) {
            row[columns[i].name] = null;
            continue;
          }
          const text = buf.toString('utf8', p, p + length);
          p += length;
          const parse = columnParsers[i];
          row[columns[i].name] = parse ? parse(text, columns[i].dataTypeID) : text;
        }
        rows.push(row);
        break;
      }
      case COMMAND_COMPLETE: {
        const parts = buf.toString('utf8', p, end - 1).split(' ');
        if (WRITE_TAGS.has(parts[0])) affectedRows += parseInt(parts[parts.length - 1], 10);
        break;
      }
      case PARSE_COMPLETE:
      case BIND_COMPLETE:
      case CLOSE_COMPLETE:
      case NO_DATA:
      case READY_FOR_QUERY:
        break;
      default:
        return null;
    }
    at = end;
  }
  return at === buf.length ? { rows, affectedRows } : null;
}
