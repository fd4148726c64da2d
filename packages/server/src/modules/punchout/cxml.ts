/**
 * POST /punchout/cxml: the procurement system's cXML 1.2 requests. A PunchOutSetupRequest opens a punchout
 * session and answers its one-time start URL; an OrderRequest (the approved purchase order) becomes an
 * order, once per payloadID, checked as a checkout is (stock, the company's prices, the order's limits and
 * the company's credit). Each is answered with a cXML Response: 200, or 4xx with the reason.
 */
import { createHash, randomUUID } from 'node:crypto';
import { CONDITIONS, type Condition } from '@shop/domain/catalog/rules';
import { formatMoney, toCents } from '@shop/domain/core/money';
import { PUNCHOUT_MSG } from '@shop/domain/punchout/schemas';
import { asc, eq, inArray } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { addresses, products } from '../../db/schema';
import type { Said } from '../../i18n/lang';
import { HttpError } from '../../lib/http';
import { type OrderMessages, placeOrderOfLines } from '../orders';
import type { PunchoutNeeds } from './needs';
import { buyerById, contactFor, openPunchout } from './sessions';
import { checkCredentials } from './settings';
import { attr, CXML_HEAD, child, children, esc, parseCxml, text, type XmlNode, XmlRefused } from './xml';

export class CxmlAnswer {
  constructor(
    readonly status: number,
    readonly said: Said,
    readonly inner = '',
  ) {}
}

/** The cXML Response document of an answer. */
export function responseDocument(answer: CxmlAnswer, words: string, host: string): string {
  return `${CXML_HEAD}<cXML payloadID="${randomUUID()}@${esc(host)}" timestamp="${new Date().toISOString()}"><Response><Status code="${answer.status}" text="${esc(words)}"/>${answer.inner}</Response></cXML>`;
}

const MESSAGES: OrderMessages = {
  notEnoughStock: PUNCHOUT_MSG.notEnoughStock,
  notOffered: PUNCHOUT_MSG.notOffered,
  noAddress: PUNCHOUT_MSG.noAddress,
  orderTooLarge: PUNCHOUT_MSG.orderTooLarge,
};

/** The company whose credentials the header carries (Sender's secret, From's or Sender's identity). */
async function sender(needs: PunchoutNeeds, root: XmlNode) {
  const header = child(root, 'Header');
  const senders = children(child(header, 'Sender'), 'Credential');
  const secret = senders.map((c) => text(c, 'SharedSecret')).find((s) => s !== '') ?? '';
  const identities = [...senders, ...children(child(header, 'From'), 'Credential')]
    .map((c) => text(c, 'Identity'))
    .filter((identity, i, all) => identity !== '' && all.indexOf(identity) === i)
    .slice(0, 4);
  for (const identity of identities) {
    const company = await checkCredentials(needs.database.db, identity, secret);
    if (company) return company;
  }
  throw new CxmlAnswer(401, PUNCHOUT_MSG.badCredentials);
}

function httpUrl(value: string): string | null {
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : null;
  } catch {
    return null;
  }
}

export async function handleCxml(
  needs: PunchoutNeeds,
  request: FastifyRequest,
  body: string,
): Promise<CxmlAnswer> {
  let root: XmlNode;
  try {
    root = parseCxml(body);
  } catch (error) {
    if (error instanceof XmlRefused)
      return new CxmlAnswer(
        400,
        error.reason === 'entities' ? PUNCHOUT_MSG.entities : PUNCHOUT_MSG.badDocument,
      );
    throw error;
  }
  try {
    const req = child(root, 'Request');
    if (!req) return new CxmlAnswer(400, PUNCHOUT_MSG.unsupported);
    const company = await sender(needs, root);
    const setup = child(req, 'PunchOutSetupRequest');
    if (setup) return await setupAnswer(needs, company.customerId, setup);
    const order = child(req, 'OrderRequest');
    if (order) return await orderAnswer(needs, company.customerId, attr(root, 'payloadID'), order);
    return new CxmlAnswer(400, PUNCHOUT_MSG.unsupported);
  } catch (error) {
    if (error instanceof CxmlAnswer) return error;
    if (error instanceof HttpError && error.statusCode < 500) {
      const said = Array.isArray(error.said) ? error.said[0] : error.said;
      return new CxmlAnswer(error.statusCode, said as Said);
    }
    request.log.error(error);
    return new CxmlAnswer(500, 'api.serverError');
  }
}

async function setupAnswer(needs: PunchoutNeeds, customerId: string, setup: XmlNode): Promise<CxmlAnswer> {
  const returnUrl = httpUrl(text(setup, 'BrowserFormPost', 'URL'));
  if (!returnUrl) throw new CxmlAnswer(400, PUNCHOUT_MSG.noReturnUrl);
  const email =
    text(child(setup, 'Contact'), 'Email') ||
    text(children(setup, 'Extrinsic').find((e) => attr(e, 'name') === 'UserEmail'));
  const contactPersonId = await contactFor(needs.database.db, customerId, email.slice(0, 200));
  if (!contactPersonId) throw new CxmlAnswer(401, PUNCHOUT_MSG.badCredentials);
  const token = await openPunchout(needs.database.db, {
    customerId,
    contactPersonId,
    protocol: 'cxml',
    returnUrl,
    buyerCookie: text(setup, 'BuyerCookie').slice(0, 500),
  });
  const url = `${needs.config.PUBLIC_URL}/punchout/start/${token}`;
  return new CxmlAnswer(
    200,
    PUNCHOUT_MSG.ok,
    `<PunchOutSetupResponse><StartPage><URL>${esc(url)}</URL></StartPage></PunchOutSetupResponse>`,
  );
}

/** A unit price as the procurement system sent it, in cents; null when it is not a plain amount. */
function cents(value: string): number | null {
  if (!/^\d{1,9}(\.\d{1,4})?$/.test(value.trim())) return null;
  return toCents(Number(value));
}

async function orderAnswer(
  needs: PunchoutNeeds,
  customerId: string,
  payloadId: string,
  order: XmlNode,
): Promise<CxmlAnswer> {
  const db = needs.database.db;
  const header = child(order, 'OrderRequestHeader');
  const po = attr(header, 'orderID').trim();
  if (!payloadId || !po || po.length > 100) throw new CxmlAnswer(400, PUNCHOUT_MSG.badDocument);
  // A new order only: a change or a cancellation of a purchase order is the seller's to handle by hand,
  // never a second order.
  const type = attr(header, 'type').trim();
  if (type !== '' && type !== 'new') throw new CxmlAnswer(400, PUNCHOUT_MSG.unsupported);
  const items = children(order, 'ItemOut').map((item) => {
    const money = child(item, 'ItemDetail', 'UnitPrice', 'Money');
    const currency = attr(money, 'currency').trim();
    const asked = cents(text(item, 'ItemDetail', 'UnitPrice', 'Money'));
    // Every line names its price in the shop's currency: the order is placed only at the prices sent.
    if (asked === null || (currency !== '' && currency !== 'CAD'))
      throw new CxmlAnswer(400, PUNCHOUT_MSG.badDocument);
    return {
      sku: text(item, 'ItemID', 'SupplierPartID'),
      condition: text(item, 'ItemID', 'SupplierPartAuxiliaryID'),
      quantity: Number(attr(item, 'quantity')),
      asked,
    };
  });
  if (items.length === 0 || items.length > 100) throw new CxmlAnswer(400, PUNCHOUT_MSG.noLines);
  const skus = [...new Set(items.map((i) => i.sku))];
  const found = await db
    .select({ itemId: products.itemId, sku: products.sku, condition: products.itemCondition })
    .from(products)
    .where(inArray(products.sku, skus));
  const bySku = new Map(found.map((p) => [p.sku, p]));
  const lines = items.map((item) => {
    const product = bySku.get(item.sku);
    if (!product) throw new CxmlAnswer(400, PUNCHOUT_MSG.unknownSku(item.sku));
    const condition = (CONDITIONS as readonly string[]).includes(item.condition)
      ? (item.condition as Condition)
      : (product.condition as Condition);
    if (!Number.isInteger(item.quantity) || item.quantity < 1 || item.quantity > 9999)
      throw new CxmlAnswer(400, PUNCHOUT_MSG.badDocument);
    return { itemId: product.itemId, condition, quantity: item.quantity, sku: item.sku, asked: item.asked };
  });

  // Shipped to the saved address the ShipTo names by its addressID; without one, to the company's only
  // address. An addressID the company does not have, or none among several addresses, is refused: an order
  // is never sent to an address the purchase order did not name.
  const saved = await db
    .select({ id: addresses.addressId })
    .from(addresses)
    .where(eq(addresses.customerId, customerId))
    .orderBy(asc(addresses.addressId));
  const named = (part: 'ShipTo' | 'BillTo') => {
    const given = attr(child(header, part, 'Address'), 'addressID').trim();
    if (given === '') return saved.length === 1 ? saved[0]!.id : undefined;
    return saved.find((a) => String(a.id) === given)?.id;
  };
  const shipTo = named('ShipTo');
  const billTo =
    attr(child(header, 'BillTo', 'Address'), 'addressID').trim() === '' ? shipTo : named('BillTo');
  if (shipTo === undefined || billTo === undefined) throw new CxmlAnswer(400, PUNCHOUT_MSG.noAddress);

  // The purchase order was approved in the procurement system: placed as the company's primary contact.
  const contactPersonId = await contactFor(db, customerId, '');
  const user = contactPersonId ? await buyerById(db, contactPersonId) : null;
  if (!user) throw new CxmlAnswer(401, PUNCHOUT_MSG.badCredentials);
  const placed = await placeOrderOfLines(needs, user, {
    key: `punchout:${createHash('sha256').update(payloadId).digest('base64url')}`,
    lines: lines.map(({ itemId, condition, quantity }) => ({ itemId, condition, quantity })),
    shippingAddressId: shipTo,
    billingAddressId: billTo,
    purchaseOrderId: po,
    shippingMethod: 'Standard',
    messages: MESSAGES,
    within: async (_tx, done) => {
      // The prices the procurement system was sent must still be the buyer's.
      for (const line of lines) {
        const at = done.lines.find((l) => l.itemId === line.itemId && l.condition === line.condition);
        if (at && at.unitCents !== line.asked)
          throw new HttpError(
            409,
            PUNCHOUT_MSG.priceChanged(line.sku, formatMoney(at.unitCents), formatMoney(line.asked)),
          );
      }
    },
  });
  return new CxmlAnswer(200, PUNCHOUT_MSG.placed(placed.orderNumber));
}
