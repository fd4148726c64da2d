/** Seeds a benchmark database with about 20,000 listing rows (sku × condition) and the demo customers. */

import { openDatabase } from '@shop/server/db/client';
import { upsertProducts } from '@shop/server/modules/catalog/index';
import { generateCatalog } from '@shop/server/seed/catalog-data';
import { seedCategories, seedCustomers } from '@shop/server/seed/seed';
import { asc, eq, sql } from 'drizzle-orm';

function catalogForRows(targetRows: number) {
  // Each item lists once, twice with a scratch-and-dent offer; find the item count that gives the rows.
  const sample = generateCatalog(1000);
  const rowsPerItem =
    sample.reduce((n, p) => n + (p.is_active ? 1 + (p.is_scratch_dent ? 1 : 0) : 0), 0) / 1000;
  let count = Math.round(targetRows / rowsPerItem);
  let items = generateCatalog(count);
  const rows = (list: typeof items) =>
    list.reduce((n, p) => n + (p.is_active ? 1 + (p.is_scratch_dent ? 1 : 0) : 0), 0);
  while (rows(items) < targetRows) items = generateCatalog(++count);
  return { items, rows: rows(items) };
}

export async function seedBench(
  options: { url?: string; dataDir?: string },
  targetRows: number,
): Promise<{ rows: number; poolItemIds: string[] }> {
  const database = await openDatabase(options);
  await database.migrate();
  const { items, rows } = catalogForRows(targetRows);
  // The buyers of the mixed scenario order from 40 brand new items spread over the categories, each with
  // stock for every order; they sit in the listings being browsed, so a sale touches browsed answers.
  const candidates = items.filter((p) => p.is_active && p.item_condition === 'BrandNew' && !p.is_sale);
  const step = Math.max(1, Math.floor(candidates.length / 40));
  const pool = Array.from({ length: 40 }, (_, i) => candidates[(i * step) % candidates.length]!);
  for (const p of pool) p.stock = 1_000_000;
  await seedCategories(database.db);
  await database.db.transaction((tx) => upsertProducts(tx, items));
  // Volume prices (10+ at 3 %, 50+ at 6 %) on about a third of the items and their scratch-and-dent
  // offers, so the listings and products answered carry them.
  await database.db.execute(sql`
    update products set price_breaks = (
      select jsonb_agg(jsonb_build_object('condition', c, 'min_quantity', q, 'basis_points', bp))
      from unnest(case when is_scratch_dent then array[item_condition, 'ScratchDent'] else array[item_condition] end) c,
        (values (10, 300), (50, 600)) b(q, bp))
    where item_condition <> 'Warranty' and abs(hashtext(item_id)) % 3 = 0`);
  await seedCustomers(database.db);
  await database.close();
  return { rows, poolItemIds: [...new Set(pool.map((p) => p.item_id))] };
}

export interface BenchBuyer {
  customerId: string;
  cookie: string;
  addressId: number;
}

/** Customers for the checkout scenario: each signed in (a session row) with an Ontario address. */
export async function seedBuyers(
  options: { url?: string; dataDir?: string },
  count: number,
  prefix = 'B',
): Promise<BenchBuyer[]> {
  const { randomBytes } = await import('node:crypto');
  const { hashToken } = await import('@shop/server/modules/sessions/customer-sessions');
  const { addresses, contacts, customers, sessions } = await import('@shop/server/db/schema');
  const database = await openDatabase(options);
  const buyers: BenchBuyer[] = [];
  try {
    for (let i = 0; i < count; i++) {
      const customerId = `${prefix}${String(i).padStart(5, '0')}`;
      const contactPersonId = `CP${prefix}${String(i).padStart(5, '0')}`;
      const token = randomBytes(32).toString('base64url');
      // A database that ran the bench before keeps its buyers: they are reused, with a new session.
      await database.db.transaction(async (tx) => {
        await tx
          .insert(customers)
          .values({ customerId, company: `Bench Buyer ${i}`, percentage: 15 })
          .onConflictDoNothing();
        await tx
          .insert(contacts)
          .values({
            contactPersonId,
            customerId,
            contactName: `Bench Buyer ${i}`,
            username: customerId,
            passwordHash: 'bench-no-password',
          })
          .onConflictDoNothing();
        await tx.insert(sessions).values({
          tokenHash: hashToken(token),
          contactPersonId,
          expiresAt: new Date(Date.now() + 86_400_000),
        });
        const [kept] = await tx
          .select({ id: addresses.addressId })
          .from(addresses)
          .where(eq(addresses.customerId, customerId))
          .orderBy(asc(addresses.addressId))
          .limit(1);
        const [address] = kept
          ? [kept]
          : await tx
              .insert(addresses)
              .values({
                customerId,
                firstName: 'Bench',
                lastName: `Buyer ${i}`,
                addressLine1: '1 Bench Rd',
                city: 'Toronto',
                province: 'Ontario',
                zip: 'M5H1A1',
                phoneNumber: '4165550100',
              })
              .returning({ id: addresses.addressId });
        buyers.push({ customerId, cookie: `sid=${token}`, addressId: address!.id });
      });
    }
  } finally {
    await database.close();
  }
  return buyers;
}

/** A buyer of one price class: a company of its own at `percentage`, signed in through the shop's sign-in. */
export interface PriceClassBuyer {
  customerId: string;
  username: string;
  password: string;
  percentage: number;
  /** The SKUs in the buyer's cart. */
  cartSkus: string[];
  /** The buyer's orders' numbers, newest first. */
  orderNumbers: string[];
}

/** The buyers' percentages: three price classes, so a page kept for one class can never pass for another's. */
export const PRICE_CLASSES = [0, 10, 22] as const;
const CART_LINES = 4;
const ORDERS_PER_BUYER = 30;

/**
 * Three companies at the percentages of PRICE_CLASSES, each with one buyer (primary contact, password
 * signed in through POST /api/user/login), an Ontario address, a cart of CART_LINES lines and
 * ORDERS_PER_BUYER orders of the last year (1 to 4 lines each, their Ontario taxes; the placed event comes
 * from the orders' trigger), written straight into the tables the shop writes. Each company's orders and
 * cart are of its own items, priced at its own percentage.
 */
export async function seedPriceClassBuyers(options: {
  url?: string;
  dataDir?: string;
}): Promise<PriceClassBuyer[]> {
  const { hashPassword } = await import('@shop/server/modules/sessions/passwords');
  const { personalPrice } = await import('@shop/domain/core/money');
  const { addresses, cartItems, contacts, customers, orderLines, orders, orderTaxes, products, taxRates } =
    await import('@shop/server/db/schema');
  const { and, desc, gt, lte, not } = await import('drizzle-orm');
  const password = 'Bench@prices-2026';
  const passwordHash = await hashPassword(password);
  const database = await openDatabase(options);
  const db = database.db;
  const buyers: PriceClassBuyer[] = [];
  try {
    // Brand-new items in stock, not on sale, in a fixed scattered order: each company takes its own slice.
    const items = await db
      .select({
        itemId: products.itemId,
        itemName: products.itemName,
        sku: products.sku,
        priceCents: products.priceCents,
        mainImage: products.mainImage,
      })
      .from(products)
      .where(
        and(
          products.isActive,
          eq(products.itemCondition, 'BrandNew'),
          not(products.isSale),
          gt(products.stock, 20),
          gt(products.priceCents, 0),
        ),
      )
      .orderBy(sql`md5(${products.itemId})`)
      .limit(PRICE_CLASSES.length * 40);
    if (items.length < PRICE_CLASSES.length * 40) throw new Error('too few items to seed the price classes');
    // Ontario's tax components in force today (HST), as an order placed today is charged.
    const today = new Date().toISOString().slice(0, 10);
    const rates = (
      await db
        .select({
          component: taxRates.component,
          rateMilli: taxRates.rateMilli,
          from: taxRates.effectiveFrom,
        })
        .from(taxRates)
        .where(and(eq(taxRates.province, 'Ontario'), lte(taxRates.effectiveFrom, today)))
        .orderBy(desc(taxRates.effectiveFrom))
    ).filter((r, i, all) => r.rateMilli > 0 && all.findIndex((o) => o.component === r.component) === i);
    const day = 86_400_000;
    for (const [k, percentage] of PRICE_CLASSES.entries()) {
      const customerId = `PC${String(percentage).padStart(2, '0')}`;
      const contactPersonId = `CP${customerId}`;
      const mine = items.slice(k * 40, (k + 1) * 40);
      const company = `Price Class ${percentage} Inc.`;
      const contactName = `Pat Class${percentage}`;
      const buyer: PriceClassBuyer = {
        customerId,
        username: customerId,
        password,
        percentage,
        cartSkus: mine.slice(0, CART_LINES).map((i) => i.sku),
        orderNumbers: [],
      };
      await db.transaction(async (tx) => {
        await tx.insert(customers).values({ customerId, company, percentage });
        await tx.insert(contacts).values({
          contactPersonId,
          customerId,
          contactName,
          firstName: 'Pat',
          lastName: `Class${percentage}`,
          email: `pat@${customerId.toLowerCase()}.example`,
          phoneNumber: '4165550100',
          username: customerId,
          passwordHash,
          language: 'en',
        });
        await tx.insert(addresses).values({
          customerId,
          firstName: 'Pat',
          lastName: `Class${percentage}`,
          companyName: company,
          addressLine1: `${100 + percentage} King St W`,
          city: 'Toronto',
          province: 'Ontario',
          zip: 'M5H1A1',
          phoneNumber: '4165550100',
        });
        await tx.insert(cartItems).values(
          mine.slice(0, CART_LINES).map((item, i) => ({
            customerId,
            contactPersonId,
            itemId: item.itemId,
            itemCondition: 'BrandNew',
            quantity: 1 + (i % 3),
          })),
        );
        // Orders every 12 days or so back from yesterday: the newest still pending or confirmed, most delivered.
        for (let n = 0; n < ORDERS_PER_BUYER; n++) {
          // The order's id and number as the shop takes them: the next of the orders' sequence.
          const next = (await tx.execute(
            sql`select nextval(pg_get_serial_sequence('orders', 'order_id'))::int as id`,
          )) as unknown as { rows: [{ id: number }] };
          const id = next.rows[0].id;
          const orderNumber = `SO-${String(id).padStart(6, '0')}`;
          buyer.orderNumbers.push(orderNumber);
          const createdAt = new Date(Date.now() - (1 + n * 12) * day - (n % 7) * 3_600_000);
          const status =
            n === 0
              ? 'Pending'
              : n === 1
                ? 'Confirmed'
                : n < 4
                  ? 'Shipped'
                  : n % 13 === 5
                    ? 'Canceled'
                    : 'Delivered';
          const lines = Array.from({ length: 1 + (n % 4) }, (_, j) => {
            const item = mine[(CART_LINES + n * 3 + j * 7) % mine.length]!;
            return { item, quantity: 1 + ((n + j) % 5), rate: personalPrice(item.priceCents, percentage) };
          });
          const subtotal = lines.reduce((s, l) => s + l.quantity * l.rate, 0);
          const taxes = rates.map((r, position) => ({
            position,
            component: r.component,
            rateMilli: r.rateMilli,
            baseCents: subtotal,
            taxCents: Math.round((subtotal * r.rateMilli) / 100_000),
          }));
          const tax = taxes.reduce((s, t) => s + t.taxCents, 0);
          const shipped = status === 'Shipped' || status === 'Delivered';
          const place = {
            attention: contactName,
            company,
            address1: `${100 + percentage} King St W`,
            city: 'Toronto',
            province: 'Ontario',
            zip: 'M5H1A1',
            country: 'Canada',
            phone: '4165550100',
          };
          await tx.insert(orders).values({
            orderId: id,
            orderNumber,
            customerId,
            contactPersonId,
            checkoutKey: `bench-${orderNumber}`,
            status,
            purchaseOrderId: `PO-${customerId}-${String(ORDERS_PER_BUYER - n).padStart(4, '0')}`,
            shippingMethod: n % 5 === 4 ? 'Pick Up' : 'Standard',
            subtotalCents: subtotal,
            itemsTaxCents: tax,
            taxRateMilli: taxes.reduce((s, t) => s + t.rateMilli, 0),
            totalCents: subtotal + tax,
            createdTime: createdAt.toISOString().slice(0, 19),
            createdAt,
            updatedAt: shipped ? new Date(createdAt.getTime() + 2 * day) : createdAt,
            shippingAttention: place.attention,
            shippingCompany: place.company,
            shippingAddress1: place.address1,
            shippingCity: place.city,
            shippingProvince: place.province,
            shippingZip: place.zip,
            shippingCountry: place.country,
            shippingPhone: place.phone,
            billingAttention: place.attention,
            billingCompany: place.company,
            billingAddress1: place.address1,
            billingCity: place.city,
            billingProvince: place.province,
            billingZip: place.zip,
            billingCountry: place.country,
            billingPhone: place.phone,
            shippingCarrier: shipped ? 'Purolator' : '',
            trackingNumber: shipped ? `PUR${id}${percentage}` : '',
          });
          await tx.insert(orderLines).values(
            lines.map((l) => ({
              orderId: id,
              itemId: l.item.itemId,
              itemName: l.item.itemName,
              sku: l.item.sku,
              itemCondition: 'BrandNew',
              quantity: l.quantity,
              itemRateCents: l.rate,
              mainImage: l.item.mainImage,
              status,
            })),
          );
          if (taxes.length > 0) await tx.insert(orderTaxes).values(taxes.map((t) => ({ orderId: id, ...t })));
        }
      });
      buyers.push(buyer);
    }
  } finally {
    await database.close();
  }
  return buyers;
}
