/** Saving a customer's addresses: at most MAX_ADDRESSES, counted under a lock on the customer row. */
import { ACCOUNT_MSG, type addressSchema, MAX_ADDRESSES } from '@shop/domain/account/schemas';
import { MSG } from '@shop/domain/core/messages';
import { and, count, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client';
import { addresses, customers } from '../../db/schema';
import { HttpError } from '../../lib/http';
import { type Address, listAddresses } from './queries';

export const ADDRESS_NOT_FOUND = 'api.noSuchAddress';

/** Holds the customer row until the transaction ends, so limits counted after it cannot be raced. */
export async function lockCustomer(tx: Tx, customerId: string): Promise<void> {
  const [row] = await tx
    .select({ id: customers.customerId })
    .from(customers)
    .where(eq(customers.customerId, customerId))
    .for('update');
  if (!row) throw new HttpError(401, MSG.notSignedIn);
}

/** An address form as the route's schema read it. */
export type AddressForm = z.output<typeof addressSchema>;

function columns(a: AddressForm) {
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

export async function createAddress(db: Db, customerId: string, address: AddressForm): Promise<Address[]> {
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
  address: AddressForm,
): Promise<Address[]> {
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
