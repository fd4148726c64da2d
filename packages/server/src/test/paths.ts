import { resolve } from 'node:path';

export const TEMPLATE_DB = 'shop_test_template';
export const TEMPLATE_DUMP = resolve(process.cwd(), '.data/test/template.tar.gz');

export function databaseUrl(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

/** The maintenance database of the same server, for creating and dropping test databases. */
export function adminUrl(url: string): string {
  return databaseUrl(url, 'postgres');
}
