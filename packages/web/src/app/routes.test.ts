/**
 * One table of pages (@shop/domain/pages): the page's router is built from it, and the server reads it to
 * know an address, to draw a page and to preload it. Every route of the page's router is a page of the
 * table, drawn by the server or listed as drawn by the browser, and the server finds the same page for an
 * address as the router does.
 */
import { PAGES, type PageRoute, pageAt } from '@shop/domain/core/pages';
import { matchRoutes, type RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { routes } from './routes';

/** Every route of the router with its whole path. */
function walk(list: RouteObject[], parent = ''): { route: RouteObject; path: string }[] {
  return list.flatMap((route) => {
    const path = route.index
      ? parent
      : route.path?.startsWith('/')
        ? route.path
        : `${parent}/${route.path ?? ''}`.replace(/\/+$/, '');
    return [{ route, path }, ...walk(route.children ?? [], path)];
  });
}

/** Addresses a route's path opens: each `:name` filled in, each `:name?` with and without, `*` with some. */
function addresses(path: string): string[] {
  let found = [''];
  for (const segment of path.split('/').filter(Boolean)) {
    if (segment === '*') found = found.flatMap((a) => [a, `${a}/orders`, `${a}/orders/12`]);
    else if (segment.endsWith('?')) found = found.flatMap((a) => [a, `${a}/x${found.length}`]);
    else if (segment.startsWith(':')) found = found.map((a) => `${a}/a1`);
    else found = found.map((a) => `${a}/${segment}`);
  }
  return found.map((a) => a || '/');
}

const pageRoutes = walk(routes).filter(({ route }) => !route.children && route.path !== '*');

describe("the page's routes and the shop's table of pages", () => {
  it('every page route is a page of the table, drawn by the server or listed as drawn by the browser', () => {
    expect(pageRoutes.length).toBeGreaterThan(0);
    for (const { route, path } of pageRoutes) {
      const page = PAGES.find((p) => p.id === route.id) as PageRoute | undefined;
      expect(page, `${path} is in the table of pages`).toBeDefined();
      expect(['server', 'browser'], `${path} is drawn by the server or the browser`).toContain(page?.drawn);
      expect(path, `${route.id}'s path`).toBe(page!.path === '' ? '/acer' : `/acer/${page!.path}`);
    }
    expect(pageRoutes.map(({ route }) => route.id).sort()).toEqual(PAGES.map((p) => p.id).sort());
  });

  it('the server finds the page the router opens for every address of every route, and none for an unknown one', () => {
    for (const { route, path } of pageRoutes)
      for (const address of addresses(path)) {
        const matched = matchRoutes(routes, address)?.at(-1)?.route;
        expect(matched?.id, `the router opens ${address}`).toBe(route.id);
        expect(pageAt(address)?.id, `the server's page at ${address}`).toBe(route.id);
      }
    for (const address of [
      '/acer/nowhere',
      '/acer/cart/more',
      '/acer/product',
      '/acer/account/a/b/c',
      '/other',
    ]) {
      const matched = matchRoutes(routes, address)?.at(-1)?.route;
      expect(matched?.path, `the router replaces ${address}`).toBe('*');
      expect(pageAt(address), `the server does not know ${address}`).toBeUndefined();
    }
  });
});
