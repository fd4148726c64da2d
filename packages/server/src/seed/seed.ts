/** The demo data: categories, a deterministic catalog and two demo customers. */

import { count } from 'drizzle-orm';
import type { Db } from '../db/client';
import { categories, categoryLinks, contacts, customers, products, staff } from '../db/schema';
import { upsertProducts } from '../modules/catalog';
import { hashPassword } from '../modules/sessions';
import { DEMO_CUSTOMERS, DEMO_STAFF, generateCatalog } from './catalog-data';
import { APP_CATEGORY_TREE } from './tree';

/** Writes the category tree (idempotent). */
export async function seedCategories(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.insert(categories).values(APP_CATEGORY_TREE.names).onConflictDoNothing();
    await tx.insert(categoryLinks).values(APP_CATEGORY_TREE.links).onConflictDoNothing();
  });
}

export async function seedCustomers(db: Db): Promise<void> {
  for (const c of DEMO_CUSTOMERS) {
    const passwordHash = await hashPassword(c.contact.password);
    await db.transaction(async (tx) => {
      await tx
        .insert(customers)
        .values({ customerId: c.customer_id, company: c.company, percentage: c.percentage })
        .onConflictDoNothing();
      await tx
        .insert(contacts)
        .values({
          contactPersonId: c.contact.contact_person_id,
          customerId: c.customer_id,
          contactName: `${c.contact.first_name} ${c.contact.last_name}`,
          firstName: c.contact.first_name,
          lastName: c.contact.last_name,
          email: c.contact.email,
          phoneNumber: c.contact.phone_number,
          username: c.contact.username,
          passwordHash,
        })
        .onConflictDoNothing();
    });
  }
}

/** The demo back-office owner. */
async function seedStaff(db: Db): Promise<void> {
  for (const s of DEMO_STAFF) {
    await db
      .insert(staff)
      .values({ email: s.email, name: s.name, role: s.role, passwordHash: await hashPassword(s.password) })
      .onConflictDoNothing();
  }
}

/** Seeds an empty database; leaves one that already has products alone. */
export async function seedDemo(db: Db, itemCount = 340): Promise<boolean> {
  const [row] = await db.select({ n: count() }).from(products);
  if ((row?.n ?? 0) > 0) return false;
  await seedCategories(db);
  await db.transaction((tx) => upsertProducts(tx, generateCatalog(itemCount)));
  await seedCustomers(db);
  await seedStaff(db);
  return true;
}
