/** What other features use of quotes: the account's Quotes section. */
export { QuotesSection } from './QuotesSection';
