/**
 * "Return to procurement": the buyer's cart, at their prices, as the form the page posts to the
 * procurement system: a cXML PunchOutOrderMessage in the `cxml-urlencoded` field to the BrowserFormPost
 * URL, or OCI's NEW_ITEM-* fields to HOOK_URL. Taking the cart empties it, in one transaction that moves
 * the cart's version on (so a change at the same moment reads the cart again).
 */
import { randomUUID } from 'node:crypto';
import type { Condition } from '@shop/domain/catalog/rules';
import { toCents } from '@shop/domain/core/money';
import { CURRENCY, UNIT_OF_MEASURE, unspscOf } from '@shop/domain/punchout/rules';
import { asc, eq, sql } from 'drizzle-orm';
import { cartItems, contacts } from '../../db/schema';
import { presentCart, type StoredLine } from '../cart';
import type { SessionUser } from '../sessions';
import type { PunchoutNeeds } from './needs';
import { markReturned, type PunchoutOfSession } from './sessions';
import { CXML_HEAD, esc } from './xml';

export interface ReturnLine {
  sku: string;
  condition: string;
  quantity: number;
  unitCents: number;
  description: string;
  unspsc: string;
}

/**
 * The buyer's cart at their prices, taken for the punchout: in one transaction the punchout is marked
 * returned (once) and the cart emptied. A cart with no line the shop still offers is left as it is and
 * answers none, and a punchout already returned takes nothing (null).
 */
export async function takeCart(
  needs: PunchoutNeeds,
  user: SessionUser,
  punchoutId: number,
): Promise<ReturnLine[] | null> {
  return needs.database.db.transaction(async (tx) => {
    // The buyer's row first, as every cart change locks it.
    await tx
      .update(contacts)
      .set({ cartVersion: sql`${contacts.cartVersion} + 1` })
      .where(eq(contacts.contactPersonId, user.contactPersonId));
    const rows: StoredLine[] = await tx
      .select({
        itemId: cartItems.itemId,
        itemCondition: cartItems.itemCondition,
        quantity: cartItems.quantity,
      })
      .from(cartItems)
      .where(eq(cartItems.contactPersonId, user.contactPersonId))
      .orderBy(asc(cartItems.addedAt), asc(cartItems.itemId));
    const lines = presentCart(needs, user, rows).map((line) => {
      const product = needs.catalog.items.get(line.item_id);
      return {
        sku: line.sku,
        condition: line.item_condition as Condition,
        quantity: line.quantity,
        unitCents: toCents(line.unit_price),
        description: line.item_name,
        unspsc: unspscOf(product?.category ?? '', product?.subCategory ?? ''),
      };
    });
    if (lines.length === 0) return lines;
    if (!(await markReturned(tx, punchoutId))) return null;
    await tx.delete(cartItems).where(eq(cartItems.contactPersonId, user.contactPersonId));
    return lines;
  });
}

const money = (cents: number) => (cents / 100).toFixed(2);

/** The cXML PunchOutOrderMessage of the lines. */
export function orderMessage(
  lines: ReturnLine[],
  punchout: PunchoutOfSession,
  host: string,
  lang: string,
): string {
  const total = lines.reduce((sum, l) => sum + l.unitCents * l.quantity, 0);
  const items = lines
    .map(
      (l, i) => `<ItemIn quantity="${l.quantity}" lineNumber="${i + 1}">
<ItemID><SupplierPartID>${esc(l.sku)}</SupplierPartID><SupplierPartAuxiliaryID>${esc(l.condition)}</SupplierPartAuxiliaryID></ItemID>
<ItemDetail><UnitPrice><Money currency="${CURRENCY}">${money(l.unitCents)}</Money></UnitPrice><Description xml:lang="${lang}">${esc(l.description)}</Description><UnitOfMeasure>${UNIT_OF_MEASURE}</UnitOfMeasure><Classification domain="UNSPSC">${l.unspsc}</Classification></ItemDetail>
</ItemIn>`,
    )
    .join('\n');
  return `${CXML_HEAD}<cXML payloadID="${randomUUID()}@${esc(host)}" timestamp="${new Date().toISOString()}" xml:lang="${lang}">
<Header><From><Credential domain="NetworkID"><Identity>${esc(host)}</Identity></Credential></From><To><Credential domain="NetworkID"><Identity>${esc(punchout.customerId)}</Identity></Credential></To><Sender><Credential domain="NetworkID"><Identity>${esc(host)}</Identity></Credential><UserAgent>${esc(host)}</UserAgent></Sender></Header>
<Message><PunchOutOrderMessage><BuyerCookie>${esc(punchout.buyerCookie)}</BuyerCookie>
<PunchOutOrderMessageHeader operationAllowed="create"><Total><Money currency="${CURRENCY}">${money(total)}</Money></Total></PunchOutOrderMessageHeader>
${items}
</PunchOutOrderMessage></Message></cXML>`;
}

/** OCI 4.0's fields, numbered from 1. */
export function ociFields(lines: ReturnLine[]): { name: string; value: string }[] {
  return lines.flatMap((l, i) => {
    const n = i + 1;
    const field = (name: string, value: string) => ({ name: `NEW_ITEM-${name}[${n}]`, value });
    return [
      field('DESCRIPTION', l.description.slice(0, 40)),
      field('QUANTITY', String(l.quantity)),
      field('UNIT', UNIT_OF_MEASURE),
      field('PRICE', money(l.unitCents)),
      field('PRICEUNIT', '1'),
      field('CURRENCY', CURRENCY),
      field('VENDORMAT', l.sku),
      field('MATGROUP', l.unspsc),
      field('EXT_PRODUCT_ID', l.sku),
      field('EXT_SCHEMA_TYPE', 'UNSPSC'),
      field('EXT_CATEGORY_ID', l.unspsc),
      field('CUST_FIELD1', l.condition),
      { name: `NEW_ITEM-LONGTEXT_${n}:132[]`, value: l.description },
    ];
  });
}
