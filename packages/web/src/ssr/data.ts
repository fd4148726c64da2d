/** What the server sends with a page it rendered, for the browser to hydrate with (no second read). */
export interface RenderedData {
  /**
   * The answers of the page's reads, by path: the browser keeps them under its own buyer's key
   * (lib/reads.ts), so the page names no buyer and can be shared by every buyer of its price class.
   */
  reads: { path: string; data: unknown }[];
  /** The signed-in buyer's header data the page was drawn with (null for a visitor). */
  header: { customerId: string; data: unknown } | null;
}
