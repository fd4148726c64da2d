/**
 * Reading the serial register: a company's units (the Devices section, its CSV and the company API), one unit
 * with its history, and every unit ever shipped with a serial (the back office). A unit's state is read from
 * its stored columns (domain/after-sale/rules.ts unitState), so a state filter is a condition on the row.
 */
import {
  DEVICES_COUNT_CAP,
  DEVICES_PAGE_SIZE,
  type DeviceDetail,
  type DeviceRow,
  type DevicesAnswer,
  type DevicesQuery,
  SERIAL_SEARCH_LIMIT,
  type SerialHistoryAnswer,
  type SerialSearchAnswer,
} from '@shop/domain/after-sale/device-schemas';
import { normalSerial, type UnitState, unitState } from '@shop/domain/after-sale/rules';
import { conditionName } from '@shop/domain/catalog/rules';
import type { Lang } from '@shop/domain/core/i18n';
import { type SQL, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client';

/** The rows of a raw statement. */
function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

/** `%` and `_` in what was typed are meant literally: the start of a serial. */
export function serialPrefix(text: string): string {
  return `${normalSerial(text).replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** A timestamp as ISO 8601 in UTC, and the day of it in the shop's time zone, both as text. */
const iso = (column: SQL) => sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
const dayOf = (column: SQL, timeZone: string) =>
  sql`to_char(${column} at time zone ${timeZone}, 'YYYY-MM-DD')`;

/** The units of a state, as a condition on the units row `u` (the same rule as unitState). */
export function stateCondition(state: UnitState, today: string): SQL {
  switch (state) {
    case 'replaced':
      return sql`u.replaced_by is not null`;
    case 'returned':
      return sql`(u.replaced_by is null and u.returned_at is not null)`;
    case 'in_warranty':
      return sql`(u.replaced_by is null and u.returned_at is null and u.warranty_ends_on >= ${today}::date)`;
    case 'expired':
      return sql`(u.replaced_by is null and u.returned_at is null and u.warranty_ends_on < ${today}::date)`;
  }
}

/** The list's conditions on `units u` for a company. */
function listConditions(customerId: string, query: { q: string; state?: UnitState }, today: string): SQL {
  const parts = [sql`u.customer_id = ${customerId}`];
  if (query.q) parts.push(sql`u.serial like ${serialPrefix(query.q)}`);
  if (query.state) parts.push(stateCondition(query.state, today));
  return sql.join(parts, sql` and `);
}

interface RawRow {
  unit_id: number;
  serial: string;
  item_id: string;
  item_name: string;
  sku: string;
  condition: string;
  order_id: number;
  order_number: string;
  invoice_id: number | null;
  invoice_number: string | null;
  shipped_on: string;
  delivered_on: string | null;
  warranty_ends_on: string;
  warranty_basis: string;
  returned_at: string | null;
  replaced_by: number | null;
}

/** The columns of a listed unit, from `u` (a units row) with its order line, order and current invoice. */
function rowColumns(timeZone: string): SQL {
  return sql`u.unit_id, u.serial, u.item_id, l.item_name, l.sku, l.item_condition as condition,
    u.order_id, o.order_number, i.invoice_id, i.invoice_number,
    ${dayOf(sql`u.shipped_at`, timeZone)} as shipped_on,
    (select ${dayOf(sql`min(e.created_at)`, timeZone)} from order_events e
      where e.order_id = u.order_id and e.kind = 'delivered') as delivered_on,
    u.warranty_ends_on::text as warranty_ends_on, u.warranty_basis,
    ${iso(sql`u.returned_at`)} as returned_at, u.replaced_by`;
}

const ROW_JOINS = sql`join order_lines l on l.line_id = u.line_id
  join orders o on o.order_id = u.order_id
  left join lateral (select iv.invoice_id, iv.invoice_number from invoices iv
    where iv.order_id = u.order_id and iv.replaced_at is null order by iv.invoice_id desc limit 1) i on true`;

function present(r: RawRow, today: string, lang: Lang): DeviceRow {
  return {
    unit_id: Number(r.unit_id),
    serial: r.serial,
    item_id: r.item_id,
    item_name: r.item_name,
    sku: r.sku,
    condition: r.condition,
    condition_name: conditionName(r.condition, lang),
    order_id: Number(r.order_id),
    order_number: r.order_number,
    invoice_id: r.invoice_id === null ? null : Number(r.invoice_id),
    invoice_number: r.invoice_number,
    shipped_on: r.shipped_on,
    delivered_on: r.delivered_on,
    warranty_ends_on: r.warranty_ends_on,
    warranty_basis: r.warranty_basis as DeviceRow['warranty_basis'],
    state: unitState(
      { warrantyEndsOn: r.warranty_ends_on, returnedAt: r.returned_at, replacedBy: r.replaced_by },
      today,
    ),
  };
}

export interface ListContext {
  timeZone: string;
  today: string;
  lang: Lang;
}

/** One page of a company's units, the latest shipped first; the count stops at DEVICES_COUNT_CAP. */
export async function listDevices(
  db: Queryable,
  ctx: ListContext,
  customerId: string,
  query: DevicesQuery,
): Promise<Omit<DevicesAnswer, 'scode'>> {
  const where = listConditions(customerId, query, ctx.today);
  const counted = rowsOf<{ n: number }>(
    await db.execute(sql`select count(*)::int as n
      from (select 1 from units u where ${where} limit ${DEVICES_COUNT_CAP + 1}) matching`),
  );
  const capped = Number(counted[0]?.n ?? 0) > DEVICES_COUNT_CAP;
  const total = Math.min(Number(counted[0]?.n ?? 0), DEVICES_COUNT_CAP);
  const pages = Math.max(1, Math.ceil(total / DEVICES_PAGE_SIZE));
  const page = Math.min(query.page, pages);
  // The page's units first (the company's index, newest first), then their order lines, orders and invoices.
  const rows = rowsOf<RawRow>(
    await db.execute(sql`select ${rowColumns(ctx.timeZone)}
      from (select * from units u where ${where} order by u.shipped_at desc, u.unit_id desc
        limit ${DEVICES_PAGE_SIZE} offset ${(page - 1) * DEVICES_PAGE_SIZE}) u
      ${ROW_JOINS}
      order by u.shipped_at desc, u.unit_id desc`),
  );
  return {
    devices: rows.map((r) => present(r, ctx.today, ctx.lang)),
    devicesPage: { total, capped, page, pages, pageSize: DEVICES_PAGE_SIZE },
  };
}

/** Every unit of a company matching the filters (at most `cap`), the latest shipped first: the CSV export. */
export async function exportDevices(
  db: Queryable,
  ctx: ListContext,
  customerId: string,
  query: { q: string; state?: UnitState },
  cap: number,
): Promise<DeviceRow[]> {
  const where = listConditions(customerId, query, ctx.today);
  const rows = rowsOf<RawRow>(
    await db.execute(sql`select ${rowColumns(ctx.timeZone)}
      from (select * from units u where ${where} order by u.shipped_at desc, u.unit_id desc limit ${cap}) u
      ${ROW_JOINS}
      order by u.shipped_at desc, u.unit_id desc`),
  );
  return rows.map((r) => present(r, ctx.today, ctx.lang));
}

interface DetailExtra {
  ordered_on: string;
  plan_line_id: number | null;
  plan_order_id: number | null;
  plan_order_number: string | null;
  plan_item_name: string | null;
  plan_sku: string | null;
  replaced_by_serial: string | null;
  replaces: number | null;
  replaces_serial: string | null;
  customer_id: string;
  company: string;
  shipped_at: string;
}

/** Units with their history, by a condition on `u`; newest first, at most `limit`. */
async function unitDetails(
  db: Queryable,
  ctx: ListContext,
  where: SQL,
  limit: number,
): Promise<(DeviceDetail & { customer_id: string; company: string; shipped_at: string })[]> {
  const rows = rowsOf<RawRow & DetailExtra>(
    await db.execute(sql`select ${rowColumns(ctx.timeZone)},
        ${dayOf(sql`o.created_at`, ctx.timeZone)} as ordered_on,
        u.plan_line_id, pl.order_id as plan_order_id, po.order_number as plan_order_number,
        pl.item_name as plan_item_name, pl.sku as plan_sku,
        rb.serial as replaced_by_serial, u.replaces, rs.serial as replaces_serial,
        u.customer_id, coalesce(c.company, '') as company, ${iso(sql`u.shipped_at`)} as shipped_at
      from (select * from units u where ${where} order by u.shipped_at desc, u.unit_id desc limit ${limit}) u
      ${ROW_JOINS}
      left join order_lines pl on pl.line_id = u.plan_line_id
      left join orders po on po.order_id = pl.order_id
      left join units rb on rb.unit_id = u.replaced_by
      left join units rs on rs.unit_id = u.replaces
      left join customers c on c.customer_id = u.customer_id
      order by u.shipped_at desc, u.unit_id desc`),
  );
  if (rows.length === 0) return [];
  const ids = sql.join(
    rows.map((r) => sql`${Number(r.unit_id)}`),
    sql`, `,
  );
  const returns = rowsOf<{
    unit_id: number;
    return_id: number;
    rma_number: string;
    reason: string;
    state: string;
    resolution: string | null;
    created_at: string;
  }>(
    await db.execute(sql`select rl.unit_id, r.return_id, r.rma_number, r.reason, r.state, r.resolution,
        ${iso(sql`r.created_at`)} as created_at
      from return_lines rl join returns r on r.return_id = rl.return_id
      where rl.unit_id in (${ids}) order by r.created_at, r.return_id`),
  );
  const claims = rowsOf<{
    unit_id: number;
    claim_id: number;
    claim_number: string;
    state: string;
    answer: string | null;
    created_at: string;
  }>(
    await db.execute(sql`select w.unit_id, w.claim_id, w.claim_number, w.state, w.answer,
        ${iso(sql`w.created_at`)} as created_at
      from warranty_claims w where w.unit_id in (${ids}) order by w.created_at, w.claim_id`),
  );
  return rows.map((r) => {
    const id = Number(r.unit_id);
    return {
      ...present(r, ctx.today, ctx.lang),
      ordered_on: r.ordered_on,
      plan:
        r.plan_line_id === null
          ? null
          : {
              line_id: Number(r.plan_line_id),
              order_id: Number(r.plan_order_id),
              order_number: r.plan_order_number ?? '',
              item_name: r.plan_item_name ?? '',
              sku: r.plan_sku ?? '',
            },
      returned_at: r.returned_at,
      replaced_by:
        r.replaced_by === null
          ? null
          : { unit_id: Number(r.replaced_by), serial: r.replaced_by_serial ?? '' },
      replaces: r.replaces === null ? null : { unit_id: Number(r.replaces), serial: r.replaces_serial ?? '' },
      returns: returns
        .filter((x) => Number(x.unit_id) === id)
        .map(({ unit_id: _, ...x }) => ({ ...x, return_id: Number(x.return_id) })),
      claims: claims
        .filter((x) => Number(x.unit_id) === id)
        .map(({ unit_id: _, ...x }) => ({ ...x, claim_id: Number(x.claim_id) })),
      customer_id: r.customer_id,
      company: r.company,
      shipped_at: r.shipped_at,
    };
  });
}

/** Strips what only the back office sees. */
function buyerView(
  unit: DeviceDetail & { customer_id: string; company: string; shipped_at: string },
): DeviceDetail {
  const { customer_id: _c, company: _co, shipped_at: _s, ...rest } = unit;
  return rest;
}

/** A company's unit by its id, with its history; null for an unknown unit or another company's. */
export async function deviceOf(
  db: Queryable,
  ctx: ListContext,
  customerId: string,
  unitId: number,
): Promise<DeviceDetail | null> {
  const [unit] = await unitDetails(db, ctx, sql`u.unit_id = ${unitId} and u.customer_id = ${customerId}`, 1);
  return unit ? buyerView(unit) : null;
}

/** A company's latest unit with a serial (any case), with its history; null when it has none. */
export async function deviceBySerial(
  db: Queryable,
  ctx: ListContext,
  customerId: string,
  serial: string,
): Promise<DeviceDetail | null> {
  const [unit] = await unitDetails(
    db,
    ctx,
    sql`u.serial = ${normalSerial(serial)} and u.customer_id = ${customerId}`,
    1,
  );
  return unit ? buyerView(unit) : null;
}

/** The back office: every unit ever shipped with a serial, newest first (a returned serial may ship again). */
export async function serialHistory(
  db: Queryable,
  ctx: ListContext,
  serial: string,
): Promise<Omit<SerialHistoryAnswer, 'scode'>> {
  const normal = normalSerial(serial);
  return { serial: normal, units: await unitDetails(db, ctx, sql`u.serial = ${normal}`, 100) };
}

/** The back office's search: units whose serial starts with what was typed, in the serials' order (their index's). */
export async function searchSerials(
  db: Queryable,
  today: string,
  text: string,
): Promise<SerialSearchAnswer['units']> {
  const rows = rowsOf<{
    unit_id: number;
    serial: string;
    customer_id: string;
    company: string;
    order_id: number;
    order_number: string;
    item_name: string;
    warranty_ends_on: string;
    returned_at: string | null;
    replaced_by: number | null;
  }>(
    await db.execute(sql`select u.unit_id, u.serial, u.customer_id, coalesce(c.company, '') as company,
        u.order_id, o.order_number, l.item_name, u.warranty_ends_on::text as warranty_ends_on,
        u.returned_at::text as returned_at, u.replaced_by
      from (select * from units u where u.serial like ${serialPrefix(text)}
        order by u.serial using ~<~ limit ${SERIAL_SEARCH_LIMIT}) u
      join orders o on o.order_id = u.order_id
      join order_lines l on l.line_id = u.line_id
      left join customers c on c.customer_id = u.customer_id
      order by u.serial using ~<~, u.unit_id desc`),
  );
  return rows.map((r) => ({
    unit_id: Number(r.unit_id),
    serial: r.serial,
    customer_id: r.customer_id,
    company: r.company,
    order_id: Number(r.order_id),
    order_number: r.order_number,
    item_name: r.item_name,
    state: unitState(
      { warrantyEndsOn: r.warranty_ends_on, returnedAt: r.returned_at, replacedBy: r.replaced_by },
      today,
    ),
  }));
}
