/**
 * What the tax rates and recycling fees pages share: tables of values each in force from a day. A value is
 * added from a start date (never before today, in the province that is furthest behind); one not started yet
 * may be corrected in its row; a row says whether it is in force, and who added it.
 */
import { addDays } from '@shop/domain/core/days';
import { PROVINCES } from '@shop/domain/tax/rules';
import { type ReactNode, useRef } from 'react';
import type { z } from 'zod';
import { attempt, checked, failed, readBody } from './api';
import type { AdminPage, PageArgs } from './routing';
import { Day, Field, formatDay, Result, Select, useAction, useFocusFirstError, When } from './ui';

type Errors = Record<string, string | undefined>;

/**
 * One of a page's writes: the form's fields it sends (`ticks`: its checkboxes, 'true' or 'false', since an
 * unticked box is not sent), the schema that checks them, how they are sent (with the row's id, for a
 * change) and what is said once done.
 */
export interface DatedWrite<S extends z.ZodType> {
  fields: readonly string[];
  ticks?: readonly string[];
  schema: S;
  send: (body: z.input<S>, rowId: string) => Promise<{ smessage?: string }>;
  done: string;
}

/**
 * An owner's page of dated rows under /acer/admin`page`: `load` reads the table, and its action adds a row
 * or changes one not started yet (the form's `row_id`), each checked by its schema before it is sent.
 */
export function datedRowsPage<A extends z.ZodType, C extends z.ZodType>({
  page,
  load,
  add,
  change,
  Component,
}: {
  page: string;
  load: (signal: AbortSignal) => Promise<unknown>;
  add: DatedWrite<A>;
  change: DatedWrite<C>;
  Component: AdminPage['Component'];
}): AdminPage {
  /** Checks a write's fields with its schema and sends them. */
  const write = async <S extends z.ZodType>(
    request: Request,
    form: Record<string, unknown>,
    to: DatedWrite<S>,
  ) => {
    const input: Record<string, unknown> = {};
    for (const name of to.fields) input[name] = form[name];
    for (const name of to.ticks ?? []) input[name] = form[name] === 'true' ? 'true' : 'false';
    const values = checked(to.schema, input);
    if (values.refused) return values.refused;
    const rowId = String(form.row_id ?? '');
    return attempt(request, () => to.send(values.input, rowId), to.done);
  };
  const action = async ({ request }: PageArgs) => {
    const form = await readBody(request);
    if (form.intent === 'add') return write(request, form, add);
    if (form.intent === 'change') return write(request, form, change);
    return failed('Unknown action.');
  };
  return {
    path: page,
    owner: true,
    loader: ({ request }) => load(request.signal),
    action,
    Component,
  };
}

/** Where a row stands: in force, not yet (from its day), or replaced by a later one. */
function RateState({ state, from }: { state: 'in_force' | 'scheduled' | 'replaced'; from: string }) {
  if (state === 'in_force') return <span className="admin-status admin-status--delivered">In force</span>;
  if (state === 'scheduled')
    return (
      <span className="admin-status admin-status--pending">Not yet in force (from {formatDay(from)})</span>
    );
  return <span className="admin-status">Replaced</span>;
}

/** Who added a row and when; the shop's starting rows (`seed`) say so in `seeded`'s words. */
function AddedBy({ by, at, seeded }: { by: string; at: string; seeded: string }) {
  if (by === 'seed') return <>{seeded}</>;
  return (
    <>
      {by}, <When at={at} />
    </>
  );
}

interface DatedRow {
  effective_from: string;
  state: 'in_force' | 'scheduled' | 'replaced';
  created_by: string;
  created_at: string;
}

/** How a row not started yet is corrected: its button's verb and its fields. */
export interface DatedChange<T> {
  verb: string;
  /** The row in words, for the form's and the button's names ("HST of Nova Scotia from Apr 1, 2026"). */
  describe: (r: T) => string;
  fields: (r: T, what: string, errors: Errors) => ReactNode;
}

/**
 * The table of dated rows: each row's own columns (`columns`, `cells`), then From, Status (with the `change`
 * form while it has not started) and Added; `row` gives each row's id (its key) and attributes, `empty`
 * what stands when there is none.
 */
export function DatedTable<T extends DatedRow>({
  caption,
  columns,
  rows,
  row,
  cells,
  change,
  seeded,
  empty,
}: {
  caption: string;
  columns: ReactNode;
  rows: readonly T[];
  row: (r: T) => { key: number } & Record<`data-${string}`, string>;
  cells: (r: T, i: number) => ReactNode;
  change: DatedChange<T>;
  seeded: string;
  empty?: ReactNode;
}) {
  return (
    <div className="admin-table-wrap">
      <table className="admin-table admin-table--compact">
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            {columns}
            <th scope="col">From</th>
            <th scope="col">Status</th>
            <th scope="col">Added</th>
          </tr>
        </thead>
        <tbody>
          {rows.length === 0 && empty}
          {rows.map((r, i) => {
            const { key, ...attributes } = row(r);
            return (
              <tr key={key} {...attributes}>
                {cells(r, i)}
                <td>
                  <Day day={r.effective_from} />
                </td>
                <td>
                  <RateState state={r.state} from={r.effective_from} />
                  {r.state === 'scheduled' && (
                    <ChangeScheduled
                      verb={change.verb}
                      what={change.describe(r)}
                      id={key}
                      fields={(errors) => change.fields(r, change.describe(r), errors)}
                    />
                  )}
                </td>
                <td>
                  <AddedBy by={r.created_by} at={r.created_at} seeded={seeded} />
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

/**
 * The card that adds a row from a start date: its province (`province` first), then `fields(errors)`, the
 * row's own fields, the start date, and `after(errors)`. `today` is each province's day now; the start date offered is the day after
 * the earliest of them, and none before it can be chosen (the server judges each province by its own day).
 */
export function AddFromDay({
  id,
  title,
  note,
  today,
  province,
  submit,
  fields,
  after,
}: {
  id: string;
  title: string;
  note: ReactNode;
  today: Record<string, string>;
  province: string;
  submit: string;
  fields: (errors: Errors) => ReactNode;
  after?: (errors: Errors) => ReactNode;
}) {
  const ref = useRef<HTMLFormElement>(null);
  const { fetcher, busy, result, errors } = useAction(() => ref.current?.reset());
  useFocusFirstError(ref, result);
  const earliest = Object.values(today).sort()[0] ?? '';
  return (
    <section className="admin-card" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>{title}</h2>
      <p className="admin-note">{note}</p>
      <Result result={result} />
      <fetcher.Form method="post" ref={ref} className="admin-form admin-grid" noValidate>
        <input type="hidden" name="intent" value="add" />
        <Select
          id={`${id}-province`}
          name="province"
          label="Province or territory"
          required
          defaultValue={province}
          options={PROVINCES}
          error={errors.province}
        />
        {fields(errors)}
        <Field
          id={`${id}-from`}
          name="effective_from"
          type="date"
          label="Start date"
          required
          min={earliest}
          defaultValue={earliest ? addDays(earliest, 1) : ''}
          error={errors.effective_from}
        />
        {after?.(errors)}
        <div className="admin-actions admin-grid__full">
          <button type="submit" className="admin-btn admin-btn--primary" disabled={busy}>
            {submit}
          </button>
        </div>
      </fetcher.Form>
    </section>
  );
}

/**
 * The form in a row not started yet: `verb` (Correct, Change) names its button and, with `what`, the form;
 * `id` says which row the action changes.
 */
function ChangeScheduled({
  verb,
  what,
  id,
  fields,
}: {
  verb: string;
  what: string;
  id: number;
  fields: (errors: Errors) => ReactNode;
}) {
  const { fetcher, busy, result, errors } = useAction();
  return (
    <fetcher.Form method="post" className="admin-inline" noValidate aria-label={`${verb} ${what}`}>
      <input type="hidden" name="intent" value="change" />
      <input type="hidden" name="row_id" value={id} />
      {fields(errors)}
      <button type="submit" className="admin-btn admin-btn--small" disabled={busy}>
        {verb}
        <span className="visually-hidden"> {what}</span>
      </button>
      <Result result={result} />
    </fetcher.Form>
  );
}
