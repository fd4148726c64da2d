/**
 * The back office's words for the shop's codes (the back office is English): a condition by its one name
 * ("Brand new", as pages, mails and PDFs write it) and an order status as a word ("On hold"). The codes stay
 * in the addresses, the forms' values and the API.
 */
import { orderStatusName } from '@shop/domain/back-office/rules';
import { conditionName, PRIMARY_CONDITIONS } from '@shop/domain/catalog/rules';

export const conditionWord = (condition: string): string => conditionName(condition, 'en');

/** A product's own conditions as a select offers them: the code as the value, the name as the label. */
export const PRIMARY_CONDITION_OPTIONS = PRIMARY_CONDITIONS.map((c) => ({
  value: c,
  label: conditionWord(c),
}));

export const statusWord = (status: string): string => orderStatusName(status);
