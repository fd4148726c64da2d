/**
 * Accounting files: the invoices, credit notes, payments and customers of a period as the CSV import files
 * of Zoho Books and QuickBooks Online (their columns once per file below), each tax component written as
 * the tax code the owner names once per system, and the accounting system's own id of each record (the
 * specification's zoho_id, zoho_invoice_id), set by the seller's accounting sync through the staff API.
 */
import { z } from 'zod';
import { dayField } from '../core/day-field';
import { message } from '../core/i18n';
import { roundMoney } from '../core/money';
import { TAX_COMPONENTS, type TaxComponent } from '../tax/rules';

export const ACCOUNTING_SYSTEMS = ['zoho', 'quickbooks'] as const;
export type AccountingSystem = (typeof ACCOUNTING_SYSTEMS)[number];
export const ACCOUNTING_FILES = ['invoices', 'credit-notes', 'payments', 'customers'] as const;
export type AccountingFile = (typeof ACCOUNTING_FILES)[number];
/** The records that can carry the accounting system's id, keyed by our id (numbers, ids). */
export const ACCOUNTING_KINDS = ['invoice', 'credit_note', 'payment', 'customer'] as const;
export type AccountingKind = (typeof ACCOUNTING_KINDS)[number];
/** The file each kind of record is exported in. */
export const FILE_OF_KIND: Record<AccountingKind, AccountingFile> = {
  invoice: 'invoices',
  credit_note: 'credit-notes',
  payment: 'payments',
  customer: 'customers',
};

/** Each file's columns, in order, as each system's import documents them. */
export const ACCOUNTING_COLUMNS: Record<AccountingSystem, Record<AccountingFile, readonly string[]>> = {
  zoho: {
    invoices: [
      'Invoice Number',
      'Invoice Date',
      'Invoice Status',
      'Customer Name',
      'Due Date',
      'Currency Code',
      'Item Name',
      'SKU',
      'Item Desc',
      'Quantity',
      'Item Price',
      'Item Tax',
      'Item Tax %',
      'Item Tax Type',
      'Shipping Charge',
      'Notes',
    ],
    'credit-notes': [
      'Credit Note Number',
      'Credit Note Date',
      'Customer Name',
      'Item Name',
      'Quantity',
      'Item Price',
      'Item Tax',
      'Reference#',
    ],
    payments: [
      'Payment Number',
      'Date',
      'Customer Name',
      'Amount',
      'Mode',
      'Reference Number',
      'Invoice Number',
    ],
    customers: [
      'Display Name',
      'Company Name',
      'EmailID',
      'Phone',
      'Billing Address',
      'Billing City',
      'Billing State',
      'Billing Code',
      'Billing Country',
    ],
  },
  quickbooks: {
    invoices: [
      'InvoiceNo',
      'Customer',
      'InvoiceDate',
      'DueDate',
      'Terms',
      'Memo',
      'Item(Product/Service)',
      'ItemDescription',
      'ItemQuantity',
      'ItemRate',
      'ItemAmount',
      'ItemTaxCode',
      'ItemTaxAmount',
      'Currency',
    ],
    'credit-notes': [
      'CreditMemoNo',
      'Customer',
      'CreditMemoDate',
      'Memo',
      'Item(Product/Service)',
      'ItemDescription',
      'ItemQuantity',
      'ItemRate',
      'ItemAmount',
      'ItemTaxCode',
      'ItemTaxAmount',
      'Currency',
    ],
    payments: ['PaymentDate', 'Customer', 'PaymentMethod', 'RefNo', 'InvoiceNo', 'Amount'],
    customers: [
      'Name',
      'Company',
      'Email',
      'Phone',
      'BillingAddress',
      'City',
      'Province',
      'PostalCode',
      'Country',
    ],
  },
};

export const ACCOUNTING_MSG = {
  system: 'api.accounting.system',
  file: 'api.accounting.file',
  code: 'api.accounting.code',
  component: 'api.accounting.component',
  kind: 'api.accounting.kind',
  externalId: 'api.accounting.externalId',
  recordId: 'api.accounting.recordId',
  noSuchRecord: 'api.accounting.noSuchRecord',
  duplicateRow: 'api.accounting.duplicateRow',
  codesSaved: 'api.accounting.codesSaved',
  rowsRefused: (n: number) => message('api.accounting.rowsRefused', { n }),
  idsSaved: (n: number) => message('api.accounting.idsSaved', { n }),
} as const;

/**
 * The line's tax as the systems name it: the codes of the components that taxed it, joined (Zoho takes a
 * line taxed by two components as a tax group so named, e.g. "GST + PST"); a component without a code is
 * written as its name. Empty: no tax.
 */
export function taxCodeOf(
  components: readonly TaxComponent[],
  codes: Partial<Record<TaxComponent, string>>,
): string {
  return components.map((c) => codes[c] || c).join(' + ');
}

/**
 * Spreads each component's tax (integer cents) over the lines it taxed, in proportion to their amounts, to
 * the cent: each line takes the rounded share of the running total less what the lines before it took, so
 * the lines sum to the component's tax exactly and none takes less than nothing (each rounded once, by the
 * one rounding function).
 */
export function spreadTax(amounts: readonly number[], taxCents: number): number[] {
  const base = amounts.reduce((n, a) => n + a, 0);
  if (amounts.length === 0) return [];
  if (base === 0) return amounts.map((_, i) => (i === amounts.length - 1 ? taxCents : 0));
  let running = 0;
  let given = 0;
  return amounts.map((a) => {
    running += a;
    const upTo = roundMoney((taxCents * running) / base);
    const share = upTo - given;
    given = upTo;
    return share;
  });
}

const system = z.enum(ACCOUNTING_SYSTEMS, { error: ACCOUNTING_MSG.system });
const day = (name: string) =>
  dayField({
    written: `${name} is a day written YYYY-MM-DD, e.g. 2026-01-31.`,
    noSuchDay: `${name} is not a day of the calendar.`,
  });

export const AccountingExportQuery = z
  .object({
    system,
    file: z.enum(ACCOUNTING_FILES, { error: ACCOUNTING_MSG.file }),
    from: day('from'),
    to: day('to'),
    new_only: z
      .enum(['true', 'false'])
      .optional()
      .transform((v) => v === 'true')
      .describe('true: leave out the records that already carry an id of that system.'),
  })
  .refine((v) => v.from <= v.to, { path: ['to'], message: 'The first day must not be after the last day.' });

const code = z.string({ error: ACCOUNTING_MSG.code }).trim().max(60, { message: ACCOUNTING_MSG.code });

export const TaxCodeRow = z.object({
  system,
  component: z.enum(TAX_COMPONENTS, { error: ACCOUNTING_MSG.component }),
  /** Empty: none (the component's own name is written). */
  code,
});
export type TaxCodeRow = z.infer<typeof TaxCodeRow>;

export const TaxCodesRequest = z
  .object({ codes: z.array(TaxCodeRow).max(ACCOUNTING_SYSTEMS.length * TAX_COMPONENTS.length) })
  .meta({
    id: 'AccountingTaxCodesRequest',
    examples: [
      {
        codes: [
          { system: 'zoho', component: 'GST', code: 'GST' },
          { system: 'quickbooks', component: 'PST', code: 'PST BC' },
        ],
      },
    ],
  });

export const TaxCodesAnswer = z
  .object({ scode: z.literal(200), smessage: z.string().optional(), codes: z.array(TaxCodeRow) })
  .meta({ id: 'AccountingTaxCodesAnswer' });

export const AccountingIdRow = z.object({
  system,
  kind: z.enum(ACCOUNTING_KINDS, { error: ACCOUNTING_MSG.kind }),
  /** Ours: an invoice's or credit note's number, a payment's id, a customer's id. */
  id: z
    .string({ error: ACCOUNTING_MSG.recordId })
    .trim()
    .min(1, { message: ACCOUNTING_MSG.recordId })
    .max(60, { message: ACCOUNTING_MSG.recordId }),
  /** The accounting system's id; empty removes it. */
  external_id: z
    .string({ error: ACCOUNTING_MSG.externalId })
    .trim()
    .max(100, { message: ACCOUNTING_MSG.externalId }),
});
export type AccountingIdRow = z.infer<typeof AccountingIdRow>;

export const AccountingIdsRequest = z.object({ rows: z.array(AccountingIdRow).min(1).max(1000) }).meta({
  id: 'AccountingIdsRequest',
  examples: [
    {
      rows: [
        { system: 'zoho', kind: 'invoice', id: 'INV-000123', external_id: '460000000012345' },
        { system: 'zoho', kind: 'customer', id: 'C1001', external_id: '460000000000777' },
      ],
    },
  ],
});

export const AccountingIdsAnswer = z
  .object({ scode: z.literal(200), smessage: z.string(), updated: z.number().int().min(0) })
  .meta({ id: 'AccountingIdsAnswer' });

const RefusedRow = z.object({ index: z.number().int().min(0), id: z.string(), reason: z.string() });
export const AccountingIdsRefusedAnswer = z
  .object({
    scode: z.literal(400),
    smessage: z.string(),
    refused: z.array(RefusedRow).optional(),
    errors: z.record(z.string(), z.string()).optional(),
  })
  .meta({ id: 'AccountingIdsRefusedAnswer' });

/** The ids listed: of one kind of record, or of one record. */
export const AccountingIdsQuery = z.object({
  kind: z.enum(ACCOUNTING_KINDS, { error: ACCOUNTING_MSG.kind }).optional(),
  id: z.string().trim().max(60, { message: ACCOUNTING_MSG.recordId }).optional(),
});

export const AccountingIdView = z.object({
  system,
  kind: z.enum(ACCOUNTING_KINDS),
  id: z.string(),
  external_id: z.string(),
  updated_at: z.iso.datetime(),
});
export const AccountingIdsListAnswer = z
  .object({ scode: z.literal(200), ids: z.array(AccountingIdView) })
  .meta({ id: 'AccountingIdsListAnswer' });
