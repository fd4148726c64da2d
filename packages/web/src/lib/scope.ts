/**
 * What a page reads from its surroundings (cookies, language, the shop's details, kept answers, the API),
 * named once. In the browser these are the document's and the window's; when the server renders a page
 * (ssr/entry-server.tsx) they are the request's, looked up through the scope the server provides for the
 * request it is rendering, so two requests rendered at once never see each other's.
 */
import type { Lang, Translator } from '@shop/domain/core/i18n';
import type { ServerAnswer, ShopInfo } from '@shop/domain/core/pages';

export interface ServerScope {
  /** The request's Cookie header, as `document.cookie` would read. */
  cookie: string;
  lang: Lang;
  translator: Translator;
  /** The time zone the page's dates are shown in (the browser's, as its `tz` cookie said, or the shop's). */
  timeZone: string;
  /** The signed-in buyer's header data (cart, addresses, wish lists), read before the page is drawn. */
  header: unknown;
  shop: ShopInfo;
  /** Where a page drawn for this request sends the browser instead (components/Redirect.tsx). */
  redirect?: string;
  /** The reads of this request (lib/reads.ts), to settle before rendering and to hand to the browser. */
  kept: Map<string, { read: unknown; at: number }>;
  /** A GET of the API path (without /api), with the request's cookies. */
  get(path: string, headers: Record<string, string>): Promise<ServerAnswer>;
}

let current: () => ServerScope | undefined = () => undefined;

/** The scope of the request being rendered on the server; undefined in the browser. */
export function serverScope(): ServerScope | undefined {
  return current();
}

/** The server's renderer says where the current request's scope is (an AsyncLocalStorage). */
export function provideServerScope(get: () => ServerScope | undefined): void {
  current = get;
}
