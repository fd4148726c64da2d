/** Dates as the customer reads them, in the browser's time zone and the page's language (lib/i18n.ts). */
export { formatDate, formatDateTime } from './i18n';
