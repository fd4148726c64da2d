/**
 * Account applications for the seller: read with what looks like them (flags.ts), and rejected with a
 * reason mailed to the applicant. Approving one is creating its customer (the customers module's
 * createCustomer, given the application's id).
 */
import { type AdminApplication, applicationRejectSchema } from '@shop/domain/back-office/schemas';
import { isLang, type Lang } from '@shop/domain/core/i18n';
import { desc, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Queryable } from '../../db/client';
import { accountApplications } from '../../db/schema';
import { type Actor, type AdminDeps, deliverQueued } from '../../lib/back-office';
import { HttpError, parseOr400 } from '../../lib/http';
import { mailText } from '../../mail/templates';
import { oneLineValues } from '../../mail/text';
import { recordAudit } from '../audit';
import { type ApplicationFlags, flagsOf, NO_FLAGS } from './flags';

function splitName(full: string): { first_name: string; last_name: string } {
  const words = full.trim().split(/\s+/).filter(Boolean);
  return { first_name: words[0] ?? '', last_name: words.slice(1).join(' ') };
}

export function presentApplication(
  a: typeof accountApplications.$inferSelect,
  flags: ApplicationFlags = NO_FLAGS,
): AdminApplication {
  return {
    application_id: a.applicationId,
    company: a.company,
    contact_name: a.contactName,
    email: a.email,
    phone_number: a.phoneNumber,
    province: a.province,
    message: a.message,
    status: a.status as AdminApplication['status'],
    customer_id: a.customerId,
    decision_reason: a.decisionReason,
    decided_at: a.decidedAt?.toISOString() ?? null,
    decided_by: a.decidedBy,
    created_at: a.createdAt.toISOString(),
    customer_form: {
      company: a.company,
      ...splitName(a.contactName),
      email: a.email,
      phone_number: a.phoneNumber,
      percentage: 15,
      application_id: a.applicationId,
    },
    duplicates: flags.duplicates,
    email_customer_id: flags.email_customer_id,
  };
}

/** Applications as the back office shows them, each with what looks like it (see application-flags.ts). */
async function presentFlagged(db: Queryable, rows: (typeof accountApplications.$inferSelect)[]) {
  const flags = await flagsOf(db, rows);
  return rows.map((row) => presentApplication(row, flags.get(row.applicationId)));
}

export async function listApplications(
  db: Queryable,
  query: { status: string; page: number; page_size: number },
) {
  const condition = eq(accountApplications.status, query.status);
  const [rows, [counted]] = await Promise.all([
    db
      .select()
      .from(accountApplications)
      .where(condition)
      .orderBy(desc(accountApplications.createdAt), desc(accountApplications.applicationId))
      .limit(query.page_size)
      .offset((query.page - 1) * query.page_size),
    db.select({ n: sql<number>`count(*)::int` }).from(accountApplications).where(condition),
  ]);
  return { rows: await presentFlagged(db, rows), total: counted?.n ?? 0 };
}

export async function findApplication(db: Queryable, applicationId: number) {
  const [row] = await db
    .select()
    .from(accountApplications)
    .where(eq(accountApplications.applicationId, applicationId));
  return row ? (await presentFlagged(db, [row]))[0]! : null;
}

/** Rejects an application with a reason mailed to the applicant (checked here, as in createCustomer). */
export async function rejectApplication(
  deps: AdminDeps,
  actor: Actor,
  applicationId: number,
  form: z.input<typeof applicationRejectSchema>,
) {
  const { reason } = parseOr400(applicationRejectSchema, form);
  const done = await deps.db.transaction(async (tx) => {
    const [application] = await tx
      .select()
      .from(accountApplications)
      .where(eq(accountApplications.applicationId, applicationId))
      .for('update');
    if (!application) throw new HttpError(404, `There is no application #${applicationId}.`);
    if (application.status !== 'New')
      throw new HttpError(
        409,
        `Application #${applicationId} is already ${application.status.toLowerCase()}.`,
      );
    const [after] = await tx
      .update(accountApplications)
      .set({ status: 'Rejected', decisionReason: reason, decidedAt: new Date(), decidedBy: actor.label })
      .where(eq(accountApplications.applicationId, applicationId))
      .returning();
    await recordAudit(tx, actor, {
      action: 'application.reject',
      entityType: 'application',
      entityId: String(applicationId),
      before: { status: application.status },
      after: { status: 'Rejected', reason },
    });
    // The applicant reads it in the language of the page they applied from.
    const lang: Lang = isLang(application.language) ? application.language : 'en';
    const t = (key: string, values?: Record<string, string | number>) => mailText(lang, key, values);
    const mailId = await deps.mailer.enqueue(
      {
        to: application.email,
        subject: t('mail.rejected.subject'),
        body: [
          // What the applicant typed stays on one line of the mail.
          t('mail.hello', oneLineValues({ name: application.contactName })),
          '',
          t('mail.rejected.thanks', oneLineValues({ company: application.company })),
          '',
          t('mail.rejected.reason', { reason }),
          '',
          t('mail.rejected.questions'),
        ].join('\n'),
      },
      tx,
    );
    return { application: (await presentFlagged(tx, [after!]))[0]!, mailId };
  });
  await deliverQueued(deps, [done.mailId]);
  return done.application;
}
