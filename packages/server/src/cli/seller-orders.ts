import { parsePrice } from '@shop/domain/money';
import {
  changeOrderStatus,
  createInvoice,
  type ExtraLine,
  ORDER_ACTIONS,
  type OrderAction,
} from '../orders/admin';
import type { SellerCommand } from './seller-types';

function cents(text: string | undefined, what: string): number {
  const value = text === undefined ? null : parsePrice(text);
  if (value === null) throw new Error(`${what} must be an amount in dollars such as 25.00.`);
  return value;
}

/** Order and invoice commands. */
export const orderCommands: Record<string, SellerCommand> = {
  order: {
    usage: `<order id or number> ${Object.keys(ORDER_ACTIONS).join('|')}`,
    summary: 'Moves an order on; cancel and decline put the stock back.',
    async run({ db }, [ref, action]) {
      if (!ref || !action || !(action in ORDER_ACTIONS)) {
        throw new Error(`Usage: order <order id or number> ${Object.keys(ORDER_ACTIONS).join('|')}`);
      }
      const result = await changeOrderStatus(db, ref, action as OrderAction);
      console.log(`Order ${result.orderNumber} is now ${result.status}.`);
    },
  },
  invoice: {
    usage: '<order id or number> --shipping 25.00 [--line "Recycling fee" 5.00]...',
    summary: 'Makes the invoice of an order with a shipping line (and other lines), taxed at the order rate.',
    async run({ db }, args) {
      const [ref, ...rest] = args;
      if (!ref) throw new Error('Usage: invoice <order id or number> --shipping 25.00');
      let shipping = 0;
      const extras: ExtraLine[] = [];
      for (let i = 0; i < rest.length; i++) {
        if (rest[i] === '--shipping') shipping = cents(rest[++i], 'Shipping');
        else if (rest[i] === '--line') {
          const name = rest[++i];
          if (!name) throw new Error('A --line needs a name and an amount.');
          extras.push({ name, cents: cents(rest[++i], name) });
        } else throw new Error(`Unknown option ${rest[i]}.`);
      }
      const result = await createInvoice(db, ref, shipping, extras);
      console.log(
        `Invoice ${result.invoiceNumber} (id ${result.invoiceId}) for order ${result.orderNumber}: total $${result.total.toFixed(2)}.`,
      );
    },
  },
};
