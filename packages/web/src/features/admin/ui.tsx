/** Small parts every back-office page uses: headings, results, fields, paging, money, dates and the audit. */

import { backOfficeDay, backOfficeMoment } from '@shop/domain/back-office/rules';
import type { AuditEntry } from '@shop/domain/back-office/schemas';
import { auditChanges } from '@shop/domain/core/audit-diff';
import { formatMoney, toCents } from '@shop/domain/core/money';
import { type ReactNode, useEffect, useRef } from 'react';
import { Link, useFetcher, useLocation } from 'react-router';
import { describedBy, FieldFrame } from '../../components/fields';
import { Pager, type PagerWords } from '../../components/Pager';
import { shopInfo } from '../../lib/shop';
import { type ActionResult, ADMIN_BASE } from './api';

/** The page's heading and the document's title; focus lands here when a page opens (see AdminLayout). */
export function PageTitle({ children, title }: { children: ReactNode; title: string }) {
  useEffect(() => {
    document.title = `${title} | Back office | Acer Store`;
  }, [title]);
  return (
    <h1 tabIndex={-1} className="admin-title">
      {children}
    </h1>
  );
}

/** A form's answer: errors in an alert (read out at once), success as a status. */
export function Result({ result, id }: { result: ActionResult | undefined | null; id?: string }) {
  if (!result) return null;
  const lines = result.message.split('\n').filter(Boolean);
  if (result.ok)
    return (
      <p id={id} className="banner banner--ok admin-result" role="status">
        {result.message}
      </p>
    );
  return (
    <div id={id} className="banner banner--error admin-result" role="alert">
      {lines.length > 1 ? (
        <ul>
          {lines.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      ) : (
        <p>{lines[0]}</p>
      )}
    </div>
  );
}

/**
 * A fetcher for one form, with its answer; `onDone` runs once per successful answer (to clear the form).
 */
export function useAction(onDone?: (result: ActionResult) => void) {
  const fetcher = useFetcher<ActionResult>();
  const busy = fetcher.state !== 'idle';
  const result = busy ? undefined : fetcher.data;
  const handled = useRef<ActionResult | undefined>(undefined);
  const callback = useRef(onDone);
  callback.current = onDone;
  useEffect(() => {
    if (result && result !== handled.current) {
      handled.current = result;
      if (result.ok) callback.current?.(result);
    }
  }, [result]);
  return { fetcher, busy, result, errors: result?.ok === false ? (result.errors ?? {}) : {} };
}

interface FieldProps {
  id: string;
  label: ReactNode;
  error?: string;
  hint?: ReactNode;
  required?: boolean;
  className?: string;
}

type InputProps = Omit<React.InputHTMLAttributes<HTMLInputElement>, 'id' | 'required'>;

/** A labelled input; uncontrolled unless `value` is given. Errors are linked with aria-describedby. */
export function Field({ id, label, error, hint, required, className, ...input }: FieldProps & InputProps) {
  return (
    <FieldFrame
      frame="admin-field"
      id={id}
      label={label}
      error={error}
      hint={hint}
      required={required}
      className={className}
    >
      <input
        id={id}
        aria-required={required || undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, error, hint)}
        {...input}
      />
    </FieldFrame>
  );
}

export function TextArea({
  id,
  label,
  error,
  hint,
  required,
  className,
  ...input
}: FieldProps & Omit<React.TextareaHTMLAttributes<HTMLTextAreaElement>, 'id' | 'required'>) {
  return (
    <FieldFrame
      frame="admin-field"
      id={id}
      label={label}
      error={error}
      hint={hint}
      required={required}
      className={className}
    >
      <textarea
        id={id}
        rows={4}
        aria-required={required || undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, error, hint)}
        {...input}
      />
    </FieldFrame>
  );
}

export function Select({
  id,
  label,
  error,
  hint,
  required,
  className,
  options,
  ...input
}: FieldProps &
  Omit<React.SelectHTMLAttributes<HTMLSelectElement>, 'id' | 'required'> & {
    options: readonly (string | { value: string; label: string })[];
  }) {
  return (
    <FieldFrame
      frame="admin-field"
      id={id}
      label={label}
      error={error}
      hint={hint}
      required={required}
      className={className}
    >
      <select
        id={id}
        aria-required={required || undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, error, hint)}
        {...input}
      >
        {options.map((o) => {
          const option = typeof o === 'string' ? { value: o, label: o } : o;
          return (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          );
        })}
      </select>
    </FieldFrame>
  );
}

export function Checkbox({
  id,
  label,
  className,
  ...input
}: { id: string; label: ReactNode; className?: string } & Omit<
  React.InputHTMLAttributes<HTMLInputElement>,
  'id' | 'type'
>) {
  return (
    <div className={`admin-check${className ? ` ${className}` : ''}`}>
      <input id={id} type="checkbox" {...input} />
      <label htmlFor={id}>{label}</label>
    </div>
  );
}

/** Dollars as the shop shows money: $1,234.56. */
export function Money({ amount }: { amount: number }) {
  return <>{formatMoney(toCents(amount))}</>;
}

/*
 * The back office writes every date one way (domain/back-office/rules.ts): a day as "Mar 4, 2026", a moment
 * as its day in the shop's time zone (SHOP_TIME_ZONE) with the time, "Mar 4, 2026, 3:05 p.m.". Forms keep
 * YYYY-MM-DD in their date fields, as the browser's date picker and the API read it.
 */
export const formatDay = backOfficeDay;

/** A day (YYYY-MM-DD) on a page: "Mar 4, 2026"; a dash for none. */
export function Day({ day }: { day: string | null | undefined }) {
  if (!day) return <>—</>;
  return <time dateTime={day.slice(0, 10)}>{backOfficeDay(day)}</time>;
}

/** A moment in the shop's time zone: "Mar 4, 2026, 3:05 p.m.". */
export function When({ at }: { at: string | null | undefined }) {
  if (!at) return <>—</>;
  if (Number.isNaN(new Date(at).getTime())) return <>{at}</>;
  return <time dateTime={at}>{backOfficeMoment(at, shopInfo().timeZone)}</time>;
}

/** The back office's words for the page's pager (it is in English whatever the shop's language). */
const PAGER_WORDS: PagerWords = { label: 'Pages', previous: 'Previous', next: 'Next', page: 'Page' };

/** A list's count ("12 orders, page 1 of 2") and its pages, as links that keep the rest of the query. */
export function ListPager({
  page,
  pages,
  total,
  noun,
  capped = false,
  param = 'page',
}: {
  page: number;
  pages: number;
  total: number;
  noun: string;
  /** More match than were counted: `total` is where counting stopped. */
  capped?: boolean;
  /** The query parameter of the page number (two lists on one page page apart). */
  param?: string;
}) {
  const location = useLocation();
  const to = (n: number) => {
    const params = new URLSearchParams(location.search);
    if (n <= 1) params.delete(param);
    else params.set(param, String(n));
    const query = params.toString();
    return `${location.pathname}${query ? `?${query}` : ''}`;
  };
  return (
    <div className="admin-pager">
      <p className="admin-pager__total">
        {capped ? 'More than ' : ''}
        {total.toLocaleString('en-CA')} {noun}
        {total === 1 ? '' : 's'}
        {pages > 1 ? `, page ${page} of ${pages}` : ''}
      </p>
      {pages > 1 && <Pager page={page} pages={pages} href={to} words={PAGER_WORDS} />}
    </div>
  );
}

/** Where the back office shows each kind of thing an audit entry is about (none for the others). */
const AUDIT_TARGETS: Record<string, { noun: string; href: (id: string) => string }> = {
  order: { noun: 'Order', href: (id) => `${ADMIN_BASE}/orders/${encodeURIComponent(id)}` },
  customer: { noun: 'Customer', href: (id) => `${ADMIN_BASE}/customers/${encodeURIComponent(id)}` },
  product: { noun: 'Product', href: (id) => `${ADMIN_BASE}/products/${encodeURIComponent(id)}` },
  staff: { noun: 'Staff', href: () => `${ADMIN_BASE}/staff` },
  application: { noun: 'Application', href: () => `${ADMIN_BASE}/applications` },
  tax_rate: { noun: 'Tax rate', href: () => `${ADMIN_BASE}/tax-rates` },
  fee: { noun: 'Fee', href: () => `${ADMIN_BASE}/fees` },
  quote: { noun: 'Quote', href: (id) => `${ADMIN_BASE}/quotes/${encodeURIComponent(id)}` },
  warranty_claim: {
    noun: 'Warranty claim',
    href: (id) => `${ADMIN_BASE}/warranty-claims/${encodeURIComponent(id)}`,
  },
};

/** The thing an audit entry is about, named by its kind and id, as a link when it has a page. */
function AuditSubject({ entry }: { entry: AuditEntry }) {
  const target = AUDIT_TARGETS[entry.entity_type];
  const text = `${target?.noun ?? entry.entity_type.replaceAll('_', ' ')} ${entry.entity_id}`.trim();
  return target ? <Link to={target.href(entry.entity_id)}>{text}</Link> : text;
}

/** Who did what to which thing, when, with each changed field as "field: old → new" (newest first). */
export function AuditTrail({ entries, headingLevel = 2 }: { entries: AuditEntry[]; headingLevel?: 2 | 3 }) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <section className="admin-section" aria-labelledby="audit-heading">
      <Heading id="audit-heading">Audit</Heading>
      {entries.length === 0 ? (
        <p>Nothing recorded yet.</p>
      ) : (
        <div className="admin-table-wrap">
          <table className="admin-table">
            <thead>
              <tr>
                <th scope="col">When</th>
                <th scope="col">Who</th>
                <th scope="col">Action</th>
                <th scope="col">About</th>
                <th scope="col">Changes</th>
              </tr>
            </thead>
            <tbody>
              {entries.map((e) => {
                const changes = auditChanges(e.before, e.after);
                return (
                  <tr key={e.audit_id}>
                    <td>
                      <When at={e.at} />
                    </td>
                    <td>{e.actor}</td>
                    <td>{e.action}</td>
                    <td>
                      <AuditSubject entry={e} />
                    </td>
                    <td className="admin-audit-value">
                      {changes.length > 0 && (
                        <ul className="admin-plain-list">
                          {changes.map((c) => (
                            <li key={c.field} title={c.full === c.text ? undefined : c.full}>
                              {c.text}
                            </li>
                          ))}
                        </ul>
                      )}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

/** Moves focus to the first invalid field once the errors are drawn. */
export function useFocusFirstError(
  form: React.RefObject<HTMLElement | null>,
  result: ActionResult | undefined,
) {
  useEffect(() => {
    if (result && !result.ok && result.errors && Object.keys(result.errors).length > 0) {
      form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
    }
  }, [result, form]);
}
