/** What other features use of returns: the order page's returns and the account's Returns section. */
export { OrderReturns } from './OrderReturns';
export { ReturnsSection } from './ReturnsSection';
