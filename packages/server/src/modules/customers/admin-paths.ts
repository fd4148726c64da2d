/** What the back office's customer and contact routes share: their ids in paths, their documents and answers. */
import { AdminCustomerAnswer, AdminCustomerChangedAnswer } from '@shop/domain/back-office/schemas';
import { REFUSALS } from '@shop/domain/core/contract';
import { routeDocs, SECURITY } from '../../lib/contract';
import { HttpError } from '../../lib/http';

const CUSTOMER_ID = /^[A-Za-z0-9]{1,50}$/;
const CONTACT_ID = /^[A-Za-z0-9-]{1,100}$/;
export const customersDoc = routeDocs(['Back office: customers'], SECURITY.staff);
export const owner = { staffRole: 'owner' as const };
export const Customer = { 200: AdminCustomerAnswer, ...REFUSALS };
export const CustomerChanged = { 200: AdminCustomerChangedAnswer, ...REFUSALS };

export function customerIdOf(value: string): string {
  if (!CUSTOMER_ID.test(value)) throw new HttpError(404, `There is no customer ${value.slice(0, 50)}.`);
  return value;
}

export function contactIdOf(value: string): string {
  if (!CONTACT_ID.test(value)) throw new HttpError(404, 'There is no such buyer of this customer.');
  return value;
}
