/** What the server sends with a page it rendered, for the browser to hydrate with (no second read). */
export interface RenderedData {
  /** The answers of the page's reads, by the key lib/reads.ts keeps them under. */
  reads: { key: string; path: string; data: unknown }[];
  /** The signed-in buyer's header data the page was drawn with (null for a visitor). */
  header: { customerId: string; data: unknown } | null;
}
