/**
 * What the back office's customer and application calls take beside their forms (back-office/schemas.ts): the
 * paths naming a customer, a buyer or an application (one that cannot exist is a 404, as an unknown one), and
 * the set-password link's body.
 */
import { z } from 'zod';

/** /api/admin/customers/{customerId}… */
export const AdminCustomerPath = z.object({
  customerId: z.string().describe('The Customer ID, e.g. C10001.'),
});
export type AdminCustomerPath = z.infer<typeof AdminCustomerPath>;

/** /api/admin/customers/{customerId}/contacts/{contactId} */
export const AdminContactPath = AdminCustomerPath.extend({
  contactId: z.string().describe("The buyer's contact id (contact_person_id)."),
});
export type AdminContactPath = z.infer<typeof AdminContactPath>;

/** /api/admin/applications/{applicationId}… */
export const ApplicationPath = z.object({
  applicationId: z.string().describe('The application number (application_id).'),
});
export type ApplicationPath = z.infer<typeof ApplicationPath>;

/** POST /api/admin/customers/{customerId}/password-link: which buyer (the primary contact when left out). */
export const PasswordLinkBody = z.object({
  contact_person_id: z
    .string({ error: 'The buyer must be named by their contact id, such as CP10001.' })
    .optional()
    .describe('The buyer to mail the link to; the primary contact when left out.'),
});
export type PasswordLinkBody = z.input<typeof PasswordLinkBody>;
