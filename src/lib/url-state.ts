// URL state: a screen's choices (tab, filters, sort, page, an opened item) live in the query
// string, so a link shares them and a reload keeps them. Each screen declares its parameters
// once, as a zod object whose fields each read one parameter's text and fall back to a default
// (`z.catch`) on anything else: a hand-edited or truncated URL shows the default, never an error.
//
// Back-button policy, the same on every screen: a change of URL state REPLACES the current
// history entry. Back leaves the screen (to where the user came from) instead of stepping
// through every tab, filter and keystroke; the entry keeps the latest choices, so Back from a
// report opened on a tab, or from another page, returns to that tab with its filters.
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { z } from 'zod/mini';

// Each field reads one parameter: its text, or undefined when the URL has none.
type Field = z.ZodMiniType;
export type UrlSchema = z.ZodMiniObject<Record<string, Field>>;
export type UrlState<S extends UrlSchema> = z.output<S>;

/** The highest page number a URL may ask for; beyond it the page reads as 1. */
export const MAX_PAGE = 100_000;

// Characters a hand-typed or mangled URL may carry but no search means: control characters, the
// replacement character (what an undecodable byte such as %ED%A0%80 becomes) and lone surrogates.
const JUNK = /[\p{Cc}\p{Cs}\ufffd]/u;

/** One of the listed words; anything else (or nothing) reads as `fallback`. */
export const oneOf = <const T extends readonly [string, ...string[]]>(values: T, fallback: T[number] = values[0]) =>
  z.catch(z.enum(values), fallback);

/** A page number from 1 to MAX_PAGE, written as plain digits; anything else reads as 1. */
export const pageNumber = () =>
  z.catch(
    z
      .pipe(
        z.string().check(z.regex(/^[1-9][0-9]{0,5}$/)),
        z.transform((s) => Number(s)),
      )
      .check(z.lte(MAX_PAGE)),
    1,
  );

/** Free text (a search), trimmed and cut to `max` characters; junk characters make it empty. */
export const text = (max: number) =>
  z.catch(
    z.pipe(
      z.string().check(z.refine((s) => !JUNK.test(s))),
      // Cutting may split a surrogate pair: the half left at the end goes too.
      z.transform((s) =>
        s
          .trim()
          .slice(0, max)
          .replace(/[\ud800-\udbff]$/, '')
          .trim(),
      ),
    ),
    '',
  );

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** An id (UUID), lower-cased; wrap it in z.catch with the screen's "none". */
export const uuid = () =>
  z.pipe(
    z.string().check(z.trim(), z.regex(UUID)),
    z.transform((s) => s.toLowerCase()),
  );

/** An id (UUID), lower-cased; anything else reads as null. */
export const id = () => z.catch(z.nullable(uuid()), null);

/** Comma-separated ids, without repeats, at most `max`; anything else in the list is dropped. */
export const idList = (max: number) =>
  z.catch(
    z.pipe(
      z.string(),
      z.transform((s) =>
        [...new Set(s.split(',', 1000).map((part) => part.trim().toLowerCase()))]
          .filter((part) => UUID.test(part))
          .slice(0, max),
      ),
    ),
    [] as string[],
  );

/** How a value is written in the URL: lists comma-separated, null as nothing. */
const encode = (value: unknown): string =>
  Array.isArray(value) ? value.join(',') : value === null || value === undefined ? '' : String(value);

/** The state a URL asks for. Only the declared parameters are read; every one has a value. */
export function readUrlState<S extends UrlSchema>(schema: S, params: URLSearchParams): UrlState<S> {
  const input: Record<string, string | undefined> = {};
  for (const key of Object.keys(schema.shape)) input[key] = params.get(key) ?? undefined;
  return schema.parse(input);
}

/** The defaults: what an empty query reads as. */
export const urlDefaults = <S extends UrlSchema>(schema: S): UrlState<S> => readUrlState(schema, new URLSearchParams());

/**
 * The query for the current state with some changes. Each value goes through its schema, so the
 * URL only ever holds what reads back the same; defaults are left out (the plain screen has a
 * plain URL) and parameters the schema does not declare (utm=...) are kept.
 */
export function writeUrlState<S extends UrlSchema>(
  schema: S,
  prev: URLSearchParams,
  changes: Partial<UrlState<S>>,
): URLSearchParams {
  const merged: Record<string, unknown> = { ...readUrlState(schema, prev), ...changes };
  const defaults: Record<string, unknown> = urlDefaults(schema);
  const next = new URLSearchParams(prev);
  for (const [key, field] of Object.entries(schema.shape)) {
    const value = encode(field.parse(encode(merged[key])));
    if (value === '' || value === encode(defaults[key])) next.delete(key);
    else next.set(key, value);
  }
  return next;
}

/** A screen's URL state and a stable setter that applies changes under the policy above. */
export function useUrlState<S extends UrlSchema>(schema: S): [UrlState<S>, (changes: Partial<UrlState<S>>) => void] {
  const [params, setParams] = useSearchParams();
  const state = useMemo(() => readUrlState(schema, params), [schema, params]);
  const update = useCallback(
    (changes: Partial<UrlState<S>>) => setParams((prev) => writeUrlState(schema, prev, changes), { replace: true }),
    [schema, setParams],
  );
  return [state, update];
}

/**
 * A search box bound to a text parameter: the box answers every keystroke, the URL follows
 * `delay` ms after typing stops (through `commit`, which must be stable), and the box follows the
 * URL when it changes from elsewhere (Back, Clear Filters). The box's own commit coming back is
 * not "elsewhere": a person who typed on while it travelled keeps what they typed (a slow
 * machine lost the third letter of "zzz" when the URL caught up with "zz").
 */
export function useUrlTextDraft(
  value: string,
  commit: (text: string) => void,
  delay = 300,
): [string, (text: string) => void] {
  const [draft, setDraft] = useState(value);
  // State adjusted during render, as React recommends, rather than in an effect.
  const [seen, setSeen] = useState(value);
  /** The text this box last sent to the URL, until the URL shows it. */
  const [sent, setSent] = useState<string | null>(null);
  if (seen !== value) {
    setSeen(value);
    setSent(null);
    if (value !== sent && draft.trim() !== value) setDraft(value);
  }
  useEffect(() => {
    if (draft.trim() === value) return;
    const timer = setTimeout(() => {
      setSent(draft.trim());
      commit(draft);
    }, delay);
    return () => clearTimeout(timer);
  }, [draft, value, commit, delay]);
  return [draft, setDraft];
}
