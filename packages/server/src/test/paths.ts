import { resolve } from 'node:path';

/**
 * Every test run has its own id, so two runs on one machine or PostgreSQL server never touch each other's
 * databases. The id starts with the run's start time, so leftovers of interrupted runs can be told by age.
 */
export function newRunId(): string {
  return `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;
}

export const runPrefix = (runId: string) => `shop_test_${runId}_`;
export const templateDb = (runId: string) => `${runPrefix(runId)}template`;
export const templateDump = (runId: string) => resolve(process.cwd(), `.data/test/${runId}.tar.gz`);

export function databaseUrl(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

/** The maintenance database of the same server, for creating and dropping test databases. */
export function adminUrl(url: string): string {
  return databaseUrl(url, 'postgres');
}

declare module 'vitest' {
  export interface ProvidedContext {
    runId: string;
  }
}
