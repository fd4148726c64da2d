/**
 * How a page gets its data. A route's loader starts the page's GET reads with `read()` and returns them
 * without waiting, so the page (with its loading state) shows at once while the answers travel; the page
 * follows each read with `useRead()`. Answers are kept 15 s per customer: going back to a page shows it
 * at once, with its scroll position. After a write, or when who is signed in or their percentage
 * changes, `refreshReads()` drops the kept answers and runs the loaders of the page on screen again.
 */
import { useCallback, useEffect, useRef, useSyncExternalStore } from 'react';
import { type AnswerOf, api, type Call, type CallArgs, pathOf as callPath, type ReadRoute } from './api';
import { readCookie } from './cookies';
import { serverScope } from './scope';

const KEEP_MS = 15_000;

type Outcome<T> = { status: 'pending' } | { status: 'done'; data: T } | { status: 'failed'; error: Error };

/** One GET read of the API, as a loader hands it to its page. */
export interface Read<T> {
  readonly path: string;
  readonly outcome: Outcome<T>;
  readonly settled: Promise<unknown>;
}

interface Kept {
  read: Read<unknown>;
  at: number;
}

const browserKept = new Map<string, Kept>();

/** The kept answers: the browser's, or those of the request the server is rendering. */
function keptNow(): Map<string, Kept> {
  return (serverScope()?.kept as Map<string, Kept> | undefined) ?? browserKept;
}

/** Who is asking is part of the key: a visitor's answer has no prices, another customer's other prices. */
function keyOf(path: string): string {
  return `${readCookie('customerid') ?? 'visitors'} ${path}`;
}

function pathOf(key: string): string {
  return key.slice(key.indexOf(' ') + 1);
}

function settledRead<T>(path: string, data: T): Read<T> {
  return { path, outcome: { status: 'done', data }, settled: Promise.resolve() };
}

/** A read's call and, if the page uses the answer in another shape, `pick` to shape it once. */
type ReadArgs<R extends ReadRoute, T> = R extends ReadRoute
  ? object extends Call<R>
    ? [call?: Call<R>, pick?: (answer: AnswerOf<R>) => T]
    : [call: Call<R>, pick?: (answer: AnswerOf<R>) => T]
  : never;

/** Starts (or reuses) the read of an API route: `read('GET /api/product/:itemid/:condition', { params })`. */
export function read<R extends ReadRoute, T = AnswerOf<R>>(
  route: R,
  ...[call, pick]: ReadArgs<R, T>
): Read<T> {
  // The call as the route takes it and the pick of its answer (ReadArgs gives both for each route).
  const args = [call] as CallArgs<R>;
  const shape = pick as ((answer: AnswerOf<R>) => T) | undefined;
  const path = callPath(route, ...args);
  const kept = keptNow();
  const now = Date.now();
  for (const [key, entry] of kept) if (now - entry.at >= KEEP_MS) kept.delete(key);
  const key = keyOf(path);
  const hit = kept.get(key);
  if (hit) return hit.read as Read<T>;

  const state: { path: string; outcome: Outcome<T>; settled: Promise<unknown> } = {
    path,
    outcome: { status: 'pending' },
    settled: Promise.resolve(),
  };
  state.settled = api(route, ...args)
    .then((answer) => (shape ? shape(answer) : (answer as T)))
    .then(
      (data) => {
        state.outcome = { status: 'done', data };
      },
      (error: unknown) => {
        // The page shows the failure; the next visit asks again.
        state.outcome = {
          status: 'failed',
          error: error instanceof Error ? error : new Error(String(error)),
        };
        if (kept.get(key)?.read === state) kept.delete(key);
      },
    );
  kept.set(key, { read: state, at: now });
  return state;
}

/**
 * The answers the server rendered the page with, kept as if just read (before the router starts), under
 * this browser's buyer: the server drew them for the session's buyer, whom the display cookie names.
 */
export function seedReads(answers: readonly { path: string; data: unknown }[]): void {
  const now = Date.now();
  for (const { path, data } of answers)
    browserKept.set(keyOf(path), { read: settledRead(path, data), at: now });
}

let revalidate: () => unknown = () => undefined;

/** The router hands over how it runs the loaders of the page on screen again. */
export function revalidateWith(run: () => unknown): void {
  revalidate = run;
}

/**
 * Drops the kept answers whose path starts with `prefix` (or passes the test), keeps the `known` answers
 * a write already gave (by path, shaped as the page uses them), and runs the page's loaders again.
 */
export function refreshReads(
  match: string | ((path: string) => boolean) = '',
  known: Record<string, unknown> = {},
): void {
  const kept = keptNow();
  const drop = typeof match === 'string' ? (path: string) => path.startsWith(match) : match;
  for (const key of [...kept.keys()]) if (drop(pathOf(key))) kept.delete(key);
  const now = Date.now();
  for (const [path, data] of Object.entries(known))
    kept.set(keyOf(path), { read: settledRead(path, data), at: now });
  void revalidate();
}

export interface ReadState<T> {
  data: T | undefined;
  error: Error | undefined;
  /** A newer answer is on its way (the data shown, if any, is the previous one). */
  loading: boolean;
}

const NOTHING: Outcome<never> = { status: 'pending' };
const never = () => () => {};

/**
 * Follows a read in a page. While a read of the same path is on its way again (after a refresh) the
 * previous answer stays on screen; `keepPrevious` keeps it for any new path too (a listing whose filters
 * change keeps its cards until the new ones arrive). The read is an external store to React: its outcome
 * object is replaced once when the answer is in, so every render of one commit sees the same outcome.
 */
export function useRead<T>(
  current: Read<T> | null | undefined,
  options: { keepPrevious?: boolean } = {},
): ReadState<T> {
  const subscribe = useCallback(
    (changed: () => void) => {
      if (current?.outcome.status !== 'pending') return () => {};
      let live = true;
      void current.settled.then(() => {
        if (live) changed();
      });
      return () => {
        live = false;
      };
    },
    [current],
  );
  const snapshot = () => (current ? current.outcome : NOTHING) as Outcome<T>;
  // The server renders settled reads only, and the browser hydrates with the same answers.
  const outcome = useSyncExternalStore(current ? subscribe : never, snapshot, snapshot);
  // The last answer shown, remembered once it is on screen (not during a render React may throw away).
  const shown = useRef<{ path: string; data: T } | null>(null);
  useEffect(() => {
    if (current && outcome.status === 'done') shown.current = { path: current.path, data: outcome.data };
  }, [current, outcome]);

  if (!current) return { data: undefined, error: undefined, loading: true };
  if (outcome.status === 'done') return { data: outcome.data, error: undefined, loading: false };
  if (outcome.status === 'failed') return { data: undefined, error: outcome.error, loading: false };
  const previous = shown.current;
  const keep = previous && (options.keepPrevious || previous.path === current.path);
  return { data: keep ? previous.data : undefined, error: undefined, loading: true };
}
