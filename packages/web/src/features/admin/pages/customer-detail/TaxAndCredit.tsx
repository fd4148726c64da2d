/** A customer's tax and credit: payment terms, credit limit, open balance, held orders and tax exemptions. */
import { type AdminCredit, PAYMENT_TERM_NAMES, PAYMENT_TERMS } from '@shop/domain/tax/admin';
import { useRef } from 'react';
import { Link } from 'react-router';
import { ADMIN_BASE } from '../../api';
import { Field, Money, Result, Select, useAction, useFocusFirstError } from '../../ui';
import type { CustomerData } from './data';
import { Exemptions } from './Exemptions';

function CreditForm({ credit }: { credit: AdminCredit }) {
  const ref = useRef<HTMLFormElement>(null);
  const { fetcher, busy, result, errors } = useAction();
  useFocusFirstError(ref, result);
  return (
    <fetcher.Form
      method="post"
      ref={ref}
      className="admin-form"
      noValidate
      aria-label="Payment terms and credit limit"
    >
      <input type="hidden" name="intent" value="credit" />
      <Result result={result} />
      <Select
        id="credit-terms"
        name="payment_terms"
        label="Payment terms"
        defaultValue={credit.payment_terms}
        key={`terms-${credit.payment_terms}`}
        options={PAYMENT_TERMS.map((t) => ({ value: t, label: PAYMENT_TERM_NAMES[t] }))}
        hint="For invoices made from now on."
        error={errors.payment_terms}
      />
      <Field
        id="credit-limit"
        name="credit_limit"
        label="Credit limit (dollars)"
        inputMode="decimal"
        maxLength={14}
        defaultValue={credit.credit_limit === null ? '' : credit.credit_limit.toFixed(2)}
        key={`limit-${credit.credit_limit}`}
        hint="Empty for no limit. An order that would take the open balance past it is placed on hold for a credit review."
        error={errors.credit_limit}
      />
      <div className="admin-actions">
        <button type="submit" className="admin-btn admin-btn--primary" disabled={busy}>
          Save terms and limit
        </button>
      </div>
    </fetcher.Form>
  );
}

export function TaxAndCredit({ data, owner }: { data: CustomerData; owner: boolean }) {
  const { customer, credit, exemptions, provincial } = data;
  return (
    <section className="admin-section" aria-labelledby="tax-credit-heading">
      <h2 id="tax-credit-heading">Tax and credit</h2>
      <dl className="admin-facts">
        <dt>Payment terms</dt>
        <dd>{PAYMENT_TERM_NAMES[credit.payment_terms]}</dd>
        <dt>Credit limit</dt>
        <dd>{credit.credit_limit === null ? 'None' : <Money amount={credit.credit_limit} />}</dd>
        <dt>Open balance</dt>
        <dd>
          <Money amount={credit.open_balance} />{' '}
          <span className="admin-note">
            (unpaid invoices and orders not yet invoiced, held ones included)
          </span>
        </dd>
        <dt>On hold for credit review</dt>
        <dd>
          {credit.held_orders === 0 ? (
            'No orders'
          ) : (
            <Link to={`${ADMIN_BASE}/orders?status=OnHold&q=${encodeURIComponent(customer.customer_id)}`}>
              {credit.held_orders} {credit.held_orders === 1 ? 'order' : 'orders'}
            </Link>
          )}
        </dd>
      </dl>
      {owner && (
        <div className="admin-card">
          <h3>Payment terms and credit limit</h3>
          <CreditForm credit={credit} />
        </div>
      )}
      <Exemptions exemptions={exemptions} provincial={provincial} owner={owner} />
    </section>
  );
}
