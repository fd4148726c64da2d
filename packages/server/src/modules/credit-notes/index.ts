/**
 * Credit notes: issuing one against an invoice (the back office, a return's credit, an invoiced order's
 * cancel), where its credit goes (its own invoice, another open invoice, a refund), the buyer's credit
 * notes and their PDF. Orders are read and mailed through the orders module's public entry; the cancel's
 * credit note is handed to the orders module by app.ts (creditCanceledOrder).
 */
import type { FastifyPluginAsync } from 'fastify';
import { creditNoteAdminRoutes } from './admin-routes';
import type { CreditNoteNeeds } from './needs';
import { creditNoteRoutes } from './shop-routes';

export type { CreditNoteNeeds } from './needs';
export { renderCreditNotePdf } from './pdf';
export {
  companyCreditCents,
  creditNoteDetail,
  creditNoteIdByNumber,
  creditNotesOfOrder,
  listCreditNotes,
} from './queries';
export {
  applyCredit,
  type CreditLineInput,
  creditCanceledOrder,
  type DeductionInput,
  type IssueCreditNoteInput,
  type IssuedCreditNote,
  issueCreditNote,
  refundCredit,
} from './service';

export const creditNotesModule: FastifyPluginAsync<CreditNoteNeeds> = async (app, needs) => {
  creditNoteRoutes(app, needs);
  creditNoteAdminRoutes(app, needs.backOffice);
};
