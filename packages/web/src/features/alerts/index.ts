/** What other features use of the stock alerts: "Alert me" on product and listing pages, the account's section. */
export { AlertMe } from './AlertForm';
export { StockAlerts } from './StockAlerts';
