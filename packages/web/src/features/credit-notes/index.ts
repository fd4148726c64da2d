/** What other pages use of credit notes: the links to an invoice's or an order's credit notes. */
export { CreditNoteLinks, CreditNotesList } from './CreditNoteLinks';
