import { parsePrice } from '@shop/domain/core/money-text';
import type { Db } from '../db/client';
import { CLI_ACTOR } from '../lib/back-office';
import { creditCanceledOrder } from '../modules/credit-notes';
import { correctInvoice, createInvoice, type ExtraLine } from '../modules/invoices';
import {
  adminOrderDetail,
  changeOrderStatus,
  findOrder,
  ORDER_ACTIONS,
  type OrderAction,
} from '../modules/orders';
import type { SellerCommand } from './seller-types';

function cents(text: string | undefined, what: string): number {
  const value = text === undefined ? null : parsePrice(text);
  if (value === null) throw new Error(`${what} must be an amount in dollars such as 25.00.`);
  return value;
}

/**
 * Reads `--shipping 25.00`, `--line "name" 5.00` (repeatable), `--note "text"` and `--no-fees` (no
 * environmental handling fee lines; without it they come from the fee table).
 */
export function invoiceOptions(rest: string[]) {
  let shipping = 0;
  let note = '';
  let fees: 'table' | 'given' = 'table';
  const extras: ExtraLine[] = [];
  for (let i = 0; i < rest.length; i++) {
    if (rest[i] === '--shipping') shipping = cents(rest[++i], 'Shipping');
    else if (rest[i] === '--note') note = rest[++i] ?? '';
    else if (rest[i] === '--no-fees') fees = 'given';
    else if (rest[i] === '--line') {
      const name = rest[++i];
      if (!name) throw new Error('A --line needs a name and an amount.');
      const raw = rest[++i];
      const negative = raw?.startsWith('-') ?? false;
      const amount = cents(negative ? raw!.slice(1) : raw, name);
      extras.push({ name, cents: negative ? -amount : amount });
    } else throw new Error(`Unknown option ${rest[i]}.`);
  }
  return { shipping, extras, note, fees };
}

const ACTIONS = Object.keys(ORDER_ACTIONS).join('|');

/** Order and invoice commands. */
export const orderCommands: Record<string, SellerCommand> = {
  order: {
    usage: `<order id or number> ${ACTIONS} [--carrier UPS --tracking 1Z...] [--serials 1=SN1,SN2]... [--reason "text"]`,
    summary:
      'Moves an order on and mails the customer; ship takes a carrier, a tracking number and, for each serialised line (its number on the order, from 1), one serial per unit; cancel and decline need a reason and put the stock back.',
    async run({ db, deps, config }, [ref, action, ...rest]) {
      if (!ref || !action || !(action in ORDER_ACTIONS))
        throw new Error(`Usage: order <order id or number> ${ACTIONS}`);
      const options: Record<string, string> = {};
      const serialsGiven: string[] = [];
      for (let i = 0; i < rest.length; i++) {
        const name = rest[i]?.replace(/^--/, '') ?? '';
        if (!['carrier', 'tracking', 'reason', 'serials'].includes(name) || !rest[i]?.startsWith('--'))
          throw new Error(`Unknown option ${rest[i]}.`);
        const value = rest[++i];
        if (value === undefined) throw new Error(`--${name} needs a value.`);
        if (name === 'serials') serialsGiven.push(value);
        else options[name] = value;
      }
      const serials = serialsGiven.length > 0 ? await serialsByPosition(db, ref, serialsGiven) : [];
      const result = await changeOrderStatus(db, config.SHOP_TIME_ZONE, ref, action as OrderAction, {
        actor: CLI_ACTOR,
        carrier: options.carrier,
        trackingNumber: options.tracking,
        reason: options.reason,
        serials,
        creditCanceled: creditCanceledOrder,
      });
      await deps.catalog.refresh();
      console.log(`Order ${result.orderNumber} is now ${result.status}.`);
    },
  },
  invoice: {
    usage: '<order id or number> --shipping 25.00 [--line "Handling" 5.00]... [--no-fees]',
    summary:
      "Makes the invoice of an order with a shipping line, its environmental handling fees from the fee table (none with --no-fees) and other lines, each taxed by the order's tax components.",
    async run({ db, config }, args) {
      const [ref, ...rest] = args;
      if (!ref) throw new Error('Usage: invoice <order id or number> --shipping 25.00');
      const { shipping, extras, note, fees } = invoiceOptions(rest);
      const result = await createInvoice(db, config.SHOP_TIME_ZONE, ref, shipping, extras, {
        actor: CLI_ACTOR,
        note,
        fees,
      });
      console.log(
        `Invoice ${result.invoiceNumber} (id ${result.invoiceId}) for order ${result.orderNumber}: total $${result.total.toFixed(2)}.`,
      );
    },
  },
  'invoice-correct': {
    usage:
      '<order id or number> --shipping 25.00 [--line "Price correction" -50.00]... [--note "why"] [--no-fees]',
    summary:
      "Replaces an order's invoice with a corrected one (the first is kept for the record); the customer sees the new one.",
    async run({ db, config }, args) {
      const [ref, ...rest] = args;
      if (!ref) throw new Error('Usage: invoice-correct <order id or number> --shipping 25.00');
      const { shipping, extras, note, fees } = invoiceOptions(rest);
      const result = await correctInvoice(db, config.SHOP_TIME_ZONE, ref, shipping, extras, {
        actor: CLI_ACTOR,
        note,
        fees,
      });
      console.log(
        `Invoice ${result.invoiceNumber} replaces ${result.replaced} for order ${result.orderNumber}: total $${result.total.toFixed(2)}.`,
      );
    },
  },
};

/**
 * `--serials 2=SN1,SN2` (repeatable): the serials of the order's line 2 (as the order lists its lines, from
 * 1), separated by commas, in unit order; as the ship action takes them, by line id.
 */
async function serialsByPosition(db: Db, ref: string, given: string[]) {
  const order = await findOrder(db, ref, false);
  const lines = (await adminOrderDetail(db, order.orderId))?.lines ?? [];
  return given.map((text) => {
    const match = /^(\d{1,4})=(.*)$/.exec(text.trim());
    const line = match ? lines[Number(match[1]) - 1] : undefined;
    if (!match || !line)
      throw new Error(
        `--serials takes a line's number on the order (1 to ${lines.length}), = and its serials separated by commas, e.g. --serials 1=SN1,SN2; not "${text}".`,
      );
    return { line_id: line.line_id, serials: match[2]!.split(',').map((s) => s.trim()) };
  });
}
