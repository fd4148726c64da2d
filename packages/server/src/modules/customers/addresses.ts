/** Saving a customer's addresses: at most MAX_ADDRESSES, counted under a lock on the customer row. */
import { ACCOUNT_MSG, addressSchema, MAX_ADDRESSES } from '@shop/domain/account';
import { MSG } from '@shop/domain/messages';
import { and, count, eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { addresses, customers } from '../../db/schema';
import { HttpError } from '../../lib/http';
import { type Address, listAddresses } from './queries';

export const ADDRESS_NOT_FOUND = 'This address does not exist in your account.';

/** Holds the customer row until the transaction ends, so limits counted after it cannot be raced. */
export async function lockCustomer(tx: Tx, customerId: string): Promise<void> {
  const [row] = await tx
    .select({ id: customers.customerId })
    .from(customers)
    .where(eq(customers.customerId, customerId))
    .for('update');
  if (!row) throw new HttpError(401, MSG.notSignedIn);
}

/** Checks an address form; a failure is a 400 with the form message and one message per field. */
export function parseAddress(value: unknown) {
  const result = addressSchema.safeParse(value ?? {});
  if (result.success) return result.data;
  const errors: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const key = String(issue.path[0] ?? '_');
    if (!(key in errors)) errors[key] = issue.message;
  }
  throw new HttpError(400, ACCOUNT_MSG.addressInvalid, { errors });
}

function columns(a: ReturnType<typeof parseAddress>) {
  return {
    firstName: a.first_name,
    lastName: a.last_name,
    companyName: a.company_name,
    addressLine1: a.address_line_1,
    addressLine2: a.address_line_2,
    city: a.city,
    province: a.province,
    zip: a.zip,
    country: a.country,
    phoneNumber: a.phone_number,
  };
}

export async function createAddress(db: Db, customerId: string, input: unknown): Promise<Address[]> {
  const address = parseAddress(input);
  return db.transaction(async (tx) => {
    await lockCustomer(tx, customerId);
    const [row] = await tx.select({ n: count() }).from(addresses).where(eq(addresses.customerId, customerId));
    if ((row?.n ?? 0) >= MAX_ADDRESSES) throw new HttpError(400, ACCOUNT_MSG.addressLimit);
    await tx.insert(addresses).values({ customerId, ...columns(address) });
    return listAddresses(tx, customerId);
  });
}

export async function updateAddress(
  db: Db,
  customerId: string,
  addressId: number,
  input: unknown,
): Promise<Address[]> {
  const address = parseAddress(input);
  return db.transaction(async (tx) => {
    const updated = await tx
      .update(addresses)
      .set({ ...columns(address), updatedAt: new Date() })
      .where(and(eq(addresses.customerId, customerId), eq(addresses.addressId, addressId)))
      .returning({ id: addresses.addressId });
    if (updated.length === 0) throw new HttpError(404, ADDRESS_NOT_FOUND);
    return listAddresses(tx, customerId);
  });
}

export async function deleteAddress(db: Db, customerId: string, addressId: number): Promise<Address[]> {
  return db.transaction(async (tx) => {
    const deleted = await tx
      .delete(addresses)
      .where(and(eq(addresses.customerId, customerId), eq(addresses.addressId, addressId)))
      .returning({ id: addresses.addressId });
    if (deleted.length === 0) throw new HttpError(404, ADDRESS_NOT_FOUND);
    return listAddresses(tx, customerId);
  });
}
