/** What the customer's page loads, and what its sections read of it. */
import type { AdminCustomerDetail } from '@shop/domain/back-office/schemas';
import type { AdminCredit, AdminExemption } from '@shop/domain/tax/admin';

export interface CustomerData {
  customer: AdminCustomerDetail;
  credit: AdminCredit;
  exemptions: AdminExemption[];
  /** The provinces with a sales tax of their own, with its components (PST, RST, QST): what an exemption can be from. */
  provincial: Record<string, string[]>;
}
