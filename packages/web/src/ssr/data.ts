/** What the server sends with a page it rendered, for the browser to hydrate with (no second read). */
export interface RenderedData {
  /** The answers of the page's reads, by the key lib/reads.ts keeps them under. */
  reads: { key: string; path: string; data: unknown }[];
}
