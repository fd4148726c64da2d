/**
 * The form making an order's invoice, or correcting its current one: shipping, the environmental handling
 * fee lines (filled from the fee table, each editable), extra lines and a note.
 */
import type { AdminInvoice, AdminInvoiceDraft, AdminOrderDetail } from '@shop/domain/back-office/schemas';
import { useId, useRef, useState } from 'react';
import { Checkbox, Field, Result, TextArea, useAction, useFocusFirstError } from '../../ui';
import { type ExtraLine, extrasOf, type FeeLine, feesOf } from './invoice-lines';

export function InvoiceForm({
  order,
  correcting,
  draft,
}: {
  order: AdminOrderDetail;
  correcting: AdminInvoice | null;
  draft: AdminInvoiceDraft | null;
}) {
  const uid = useId();
  const prefix = correcting ? 'correct' : 'invoice';
  const [shipping, setShipping] = useState(correcting ? correcting.shipping.toFixed(2) : '');
  const [lines, setLines] = useState<ExtraLine[]>(() => (correcting ? extrasOf(correcting) : []));
  const [fees, setFees] = useState<FeeLine[]>(() => feesOf(correcting, draft));
  const [note, setNote] = useState('');
  const nextKey = useRef(2000);
  const ref = useRef<HTMLFormElement>(null);
  const { fetcher, busy, result, errors } = useAction(() => {
    if (!correcting) setLines([]);
    setNote('');
  });
  useFocusFirstError(ref, result);

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    void fetcher.submit(
      {
        intent: correcting ? 'correct' : 'invoice',
        shipping: shipping.trim() === '' ? 0 : shipping,
        lines: [
          ...fees.map((f) => ({
            name: f.name,
            amount: f.amount,
            quantity: f.quantity,
            kind: 'fee',
            provincial_tax: f.provincialTax,
          })),
          ...lines.map((l) => ({ name: l.name, amount: l.amount })),
        ],
        // The fee lines as shown, none included: the seller has seen and may have changed them.
        fees: 'given',
        note,
      },
      { method: 'post', encType: 'application/json' },
    );
  };
  const update = (key: number, change: Partial<ExtraLine>) =>
    setLines((all) => all.map((l) => (l.key === key ? { ...l, ...change } : l)));
  const updateFee = (key: number, change: Partial<FeeLine>) =>
    setFees((all) => all.map((f) => (f.key === key ? { ...f, ...change, demo: false } : f)));
  const province = draft?.province ?? order.shipping_address.province;

  return (
    <form
      ref={ref}
      className="admin-form admin-card"
      onSubmit={submit}
      noValidate
      aria-labelledby={`${uid}-title`}
    >
      <h3 id={`${uid}-title`}>
        {correcting ? `Correct invoice ${correcting.invoice_number}` : 'Make the invoice'}
      </h3>
      <Result result={result?.ok ? null : result} />
      <Field
        id={`${prefix}-shipping`}
        label="Shipping (dollars)"
        inputMode="decimal"
        value={shipping}
        onChange={(e) => setShipping(e.target.value)}
        error={errors.shipping}
        hint="Tax on shipping follows the shipping address's province."
      />
      <fieldset className="admin-fieldset">
        <legend>Environmental handling fees ({province})</legend>
        {fees.length === 0 ? (
          <p className="admin-note">None: no product of this order is in a fee category of {province}.</p>
        ) : (
          <p className="admin-note">
            From the fee table for the order's day in {province}, per unit; GST or HST always applies, the
            province's own sales tax where ticked.
            {fees.some((f) => f.demo) && (
              <strong> Demo values: check them against the program's fees before invoicing.</strong>
            )}
          </p>
        )}
        {fees.map((f, i) => (
          <div key={f.key} className="admin-row">
            <Field
              id={`${prefix}-fee-${f.key}-name`}
              label={`Fee ${i + 1} name`}
              value={f.name}
              maxLength={100}
              onChange={(e) => updateFee(f.key, { name: e.target.value })}
            />
            <Field
              id={`${prefix}-fee-${f.key}-quantity`}
              label={`Fee ${i + 1} quantity`}
              inputMode="numeric"
              value={f.quantity}
              onChange={(e) => updateFee(f.key, { quantity: e.target.value })}
            />
            <Field
              id={`${prefix}-fee-${f.key}-amount`}
              label={`Fee ${i + 1} per unit (dollars)${f.demo ? ' (demo)' : ''}`}
              inputMode="decimal"
              value={f.amount}
              onChange={(e) => updateFee(f.key, { amount: e.target.value })}
            />
            <Checkbox
              id={`${prefix}-fee-${f.key}-provincial`}
              label={`Fee ${i + 1}: provincial sales tax applies`}
              checked={f.provincialTax}
              onChange={(e) => updateFee(f.key, { provincialTax: e.target.checked })}
            />
            <button
              type="button"
              className="admin-btn admin-btn--small"
              onClick={() => setFees((all) => all.filter((x) => x.key !== f.key))}
            >
              Remove fee {i + 1}
            </button>
          </div>
        ))}
        <div className="admin-actions">
          <button
            type="button"
            className="admin-btn admin-btn--small"
            onClick={() =>
              setFees((all) => [
                ...all,
                {
                  key: nextKey.current++,
                  name: '',
                  quantity: '1',
                  amount: '',
                  provincialTax: true,
                  demo: false,
                },
              ])
            }
          >
            Add a fee line
          </button>
          {draft && (
            <button
              type="button"
              className="admin-btn admin-btn--small"
              onClick={() => setFees(feesOf(null, draft))}
            >
              Use the fee table's lines
            </button>
          )}
        </div>
      </fieldset>
      <fieldset className="admin-fieldset">
        <legend>Extra lines</legend>
        {lines.length === 0 && <p className="admin-note">None. A charge or a credit goes here.</p>}
        {lines.map((l, i) => (
          <div key={l.key} className="admin-row">
            <Field
              id={`${prefix}-line-${l.key}-name`}
              label={`Line ${i + 1} name`}
              value={l.name}
              maxLength={100}
              onChange={(e) => update(l.key, { name: e.target.value })}
            />
            <Field
              id={`${prefix}-line-${l.key}-amount`}
              label={`Line ${i + 1} amount (dollars)`}
              inputMode="decimal"
              value={l.amount}
              onChange={(e) => update(l.key, { amount: e.target.value })}
              hint={correcting ? 'Negative for a credit.' : undefined}
            />
            <button
              type="button"
              className="admin-btn admin-btn--small"
              onClick={() => setLines((all) => all.filter((x) => x.key !== l.key))}
            >
              Remove line {i + 1}
            </button>
          </div>
        ))}
        {errors.lines && (
          <p className="field-error" role="alert">
            {errors.lines}
          </p>
        )}
        <button
          type="button"
          className="admin-btn admin-btn--small"
          onClick={() => setLines((all) => [...all, { key: nextKey.current++, name: '', amount: '' }])}
        >
          Add a line
        </button>
      </fieldset>
      <TextArea
        id={`${prefix}-note`}
        label="Note"
        rows={2}
        maxLength={1000}
        value={note}
        onChange={(e) => setNote(e.target.value)}
        error={errors.note}
        hint={correcting ? 'Why the invoice is corrected (kept with it).' : undefined}
      />
      <div className="admin-actions">
        <button type="submit" className="admin-btn admin-btn--primary" disabled={busy}>
          {correcting ? 'Make the corrected invoice' : 'Make the invoice'}
        </button>
      </div>
    </form>
  );
}
