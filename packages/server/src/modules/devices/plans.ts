/**
 * Extended plans registered to units (the back office, on the plan's order): an order line of a Warranty
 * product (an Acer Care Plus plan) covers up to its quantity of the company's units of the plan's kind, ordered
 * 0 to 30 days before the plan. Registering moves the unit's warranty end (warrantyEnd with the plan).
 */
import type { PlanLine } from '@shop/domain/after-sale/device-schemas';
import {
  normalSerial,
  PLAN_WINDOW_DAYS,
  planCovers,
  planFits,
  planYears,
  warrantyEnd,
} from '@shop/domain/after-sale/rules';
import { daysBetween } from '@shop/domain/core/days';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { units } from '../../db/schema';
import type { Actor, AdminDeps } from '../../lib/back-office';
import { HttpError } from '../../lib/http';
import { recordAudit } from '../audit';

function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

const dayOf = (column: ReturnType<typeof sql>, timeZone: string) =>
  sql`to_char(${column} at time zone ${timeZone}, 'YYYY-MM-DD')`;

/** An order line is a plan when it or its product is of the Warranty condition. */
const IS_PLAN = sql`(l.item_condition = 'Warranty' or p.item_condition = 'Warranty')`;

interface PlanRow {
  line_id: number;
  item_name: string;
  sku: string;
  quantity: number;
  kind: string | null;
  details: string | null;
}

const yearsOf = (r: Pick<PlanRow, 'item_name' | 'details'>) =>
  planYears(r.item_name) ?? (r.details ? planYears(r.details) : null);

/** The plan lines of an order with the units registered to each. */
export async function planLines(db: Queryable, orderId: number): Promise<PlanLine[]> {
  const lines = rowsOf<PlanRow>(
    await db.execute(sql`select l.line_id, l.item_name, l.sku, l.quantity, p.sub_category as kind, p.details
      from order_lines l left join products p on p.item_id = l.item_id
      where l.order_id = ${orderId} and ${IS_PLAN} order by l.line_id`),
  );
  if (lines.length === 0) return [];
  const covered = rowsOf<{
    plan_line_id: number;
    unit_id: number;
    serial: string;
    item_name: string;
    warranty_ends_on: string;
  }>(
    await db.execute(sql`select u.plan_line_id, u.unit_id, u.serial, l.item_name,
        u.warranty_ends_on::text as warranty_ends_on
      from units u join order_lines l on l.line_id = u.line_id
      where u.plan_line_id in (${sql.join(
        lines.map((l) => sql`${Number(l.line_id)}`),
        sql`, `,
      )}) order by u.unit_id`),
  );
  return lines.map((l) => ({
    line_id: Number(l.line_id),
    item_name: l.item_name,
    sku: l.sku,
    quantity: Number(l.quantity),
    years: yearsOf(l),
    kind: l.kind ?? '',
    units: covered
      .filter((u) => Number(u.plan_line_id) === Number(l.line_id))
      .map((u) => ({
        unit_id: Number(u.unit_id),
        serial: u.serial,
        item_name: u.item_name,
        warranty_ends_on: u.warranty_ends_on,
      })),
  }));
}

export interface Registered {
  unitId: number;
  serial: string;
  endsOn: string;
  basis: 'terms' | 'battery' | 'factory' | 'plan';
}

/**
 * Registers the plan of order line `lineId` (of order `orderId`) to the company's unit with `serialText`.
 * Refused, with a message the seller can act on, when the line is no plan, the unit is not the company's
 * (or has come back), is of another kind, was ordered more than 30 days before the plan (or after it), already
 * has a plan, or when the plan already covers as many units as were bought.
 */
export async function registerPlan(
  deps: AdminDeps,
  actor: Actor,
  orderId: number,
  lineId: number,
  serialText: string,
): Promise<Registered> {
  const timeZone = deps.config.SHOP_TIME_ZONE;
  const serial = normalSerial(serialText);
  return deps.db.transaction(async (tx) => {
    // The plan's line is locked: two registrations to one plan count its units one after the other.
    const [plan] = rowsOf<
      PlanRow & { customer_id: string; order_number: string; status: string; bought_on: string }
    >(
      await tx.execute(sql`select l.line_id, l.item_name, l.sku, l.quantity, p.sub_category as kind, p.details,
          o.customer_id, o.order_number, o.status, ${dayOf(sql`o.created_at`, timeZone)} as bought_on
        from order_lines l join orders o on o.order_id = l.order_id
        left join products p on p.item_id = l.item_id
        where l.line_id = ${lineId} and l.order_id = ${orderId} and ${IS_PLAN}
        for update of l`),
    );
    if (!plan) throw new HttpError(404, 'There is no such extended plan on this order.');
    if (plan.status === 'Canceled' || plan.status === 'Declined')
      throw new HttpError(
        400,
        `Order ${plan.order_number} is ${plan.status.toLowerCase()}: its plan covers no unit.`,
      );
    const years = yearsOf(plan);
    if (years === null)
      throw new HttpError(
        400,
        `The term of ${plan.item_name} cannot be read from its name or details ("3-Year ..." or "Term: 3 years").`,
      );
    const kind = plan.kind ?? '';

    const found = rowsOf<{
      unit_id: number;
      customer_id: string;
      plan_line_id: number | null;
      plan_order_number: string | null;
      condition: string;
      item_name: string;
      category: string | null;
      sub_category: string | null;
      order_number: string;
      purchased_on: string;
    }>(
      await tx.execute(sql`select u.unit_id, u.customer_id, u.plan_line_id, po.order_number as plan_order_number,
          l.item_condition as condition, l.item_name, p.category, p.sub_category, o.order_number,
          ${dayOf(sql`o.created_at`, timeZone)} as purchased_on
        from units u join order_lines l on l.line_id = u.line_id join orders o on o.order_id = u.order_id
        left join products p on p.item_id = u.item_id
        left join order_lines pl on pl.line_id = u.plan_line_id
        left join orders po on po.order_id = pl.order_id
        where u.serial = ${serial} and u.returned_at is null`),
    );
    const unit = found[0];
    if (!unit)
      throw new HttpError(
        400,
        `No unit with serial ${serial} is out with a customer (unknown, or returned).`,
      );
    if (unit.customer_id !== plan.customer_id)
      throw new HttpError(
        400,
        `Unit ${serial} was sold to ${unit.customer_id}, not to ${plan.customer_id}: a plan covers its own company's units.`,
      );
    if (unit.plan_line_id !== null)
      throw new HttpError(
        400,
        Number(unit.plan_line_id) === lineId
          ? `Unit ${serial} is already registered to this plan.`
          : `Unit ${serial} is already covered by the plan of order ${unit.plan_order_number ?? ''}.`,
      );
    const product = { category: unit.category ?? '', subCategory: unit.sub_category ?? '' };
    if (!planFits(kind, product))
      throw new HttpError(
        400,
        `${plan.item_name} (${kind || 'no kind'}) does not cover ${unit.item_name} (${product.category}${product.subCategory ? ` / ${product.subCategory}` : ''}).`,
      );
    if (!planCovers(unit.purchased_on, plan.bought_on)) {
      const after = daysBetween(unit.purchased_on, plan.bought_on);
      throw new HttpError(
        400,
        after < 0
          ? `The plan was ordered on ${plan.bought_on}, before unit ${serial}'s order ${unit.order_number} (${unit.purchased_on}).`
          : `The plan was ordered on ${plan.bought_on}, ${after} days after unit ${serial}'s order ${unit.order_number} (${unit.purchased_on}): a plan covers units ordered at most ${PLAN_WINDOW_DAYS} days before it.`,
      );
    }
    const [taken] = rowsOf<{ n: number }>(
      await tx.execute(sql`select count(*)::int as n from units where plan_line_id = ${lineId}`),
    );
    const quantity = Number(plan.quantity);
    if (Number(taken?.n ?? 0) >= quantity)
      throw new HttpError(
        400,
        `All ${quantity} unit${quantity === 1 ? '' : 's'} of ${plan.item_name} on order ${plan.order_number} are registered.`,
      );

    const end = warrantyEnd(
      {
        purchasedOn: unit.purchased_on,
        condition: unit.condition,
        category: product.category,
        subCategory: product.subCategory,
        itemName: unit.item_name,
      },
      { boughtOn: plan.bought_on, years },
    );
    const [updated] = await tx
      .update(units)
      .set({ planLineId: lineId, warrantyEndsOn: end.endsOn, warrantyBasis: end.basis })
      .where(and(eq(units.unitId, Number(unit.unit_id)), isNull(units.planLineId)))
      .returning({ unitId: units.unitId });
    if (!updated) throw new HttpError(409, `Unit ${serial} was just registered to a plan; reload the order.`);
    await recordAudit(tx, actor, {
      action: 'plan_registered',
      entityType: 'order',
      entityId: String(orderId),
      after: { lineId, serial, unitId: updated.unitId, warrantyEndsOn: end.endsOn, basis: end.basis },
    });
    return { unitId: updated.unitId, serial, endsOn: end.endsOn, basis: end.basis };
  });
}
