/**
 * What the seller should know before deciding an application: the other applications that look like the
 * same company (the same e-mail regardless of case, or the same company name once normalised), and the
 * customer whose buyer already signs in with the applicant's e-mail.
 */
import { inArray, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { accountApplications, contacts } from '../../db/schema';

export interface ApplicationFlags {
  duplicates: number[];
  email_customer_id: string | null;
}

export const NO_FLAGS: ApplicationFlags = { duplicates: [], email_customer_id: null };

/** Words that name a company's legal form, not the company; set aside at the end of a name. */
const LEGAL_SUFFIXES = new Set([
  'inc',
  'incorporated',
  'incorporee',
  'ltd',
  'limited',
  'ltee',
  'limitee',
  'corp',
  'corporation',
  'co',
  'company',
  'cie',
  'llc',
  'llp',
  'lp',
  'plc',
  'enr',
  'senc',
  'sarl',
]);

/**
 * A company name as compared: lower case, accents, spaces and punctuation set aside, and legal-form
 * suffixes (Inc, Ltd, Ltée, Corp…) dropped from the end. "Foothills Clinics, Inc." and "foothills-clinics
 * ltd" are the same; an empty string means there is nothing to compare.
 */
function companyKey(company: string): string {
  const words = company
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
  while (words.length > 1 && LEGAL_SUFFIXES.has(words[words.length - 1]!)) words.pop();
  return words.join('');
}

const emailKey = (email: string) => email.trim().toLowerCase();

type Flaggable = { applicationId: number; email: string; company: string };

/** The flags of each application, by id. */
export async function flagsOf(
  db: Queryable,
  applications: readonly Flaggable[],
): Promise<Map<number, ApplicationFlags>> {
  const flags = new Map<number, ApplicationFlags>();
  if (applications.length === 0) return flags;
  const emails = [...new Set(applications.map((a) => emailKey(a.email)))];
  // Applications are few next to orders: every one is compared, so a renamed punctuation still matches.
  const [others, signIns] = await Promise.all([
    db
      .select({
        applicationId: accountApplications.applicationId,
        email: accountApplications.email,
        company: accountApplications.company,
      })
      .from(accountApplications)
      .orderBy(accountApplications.applicationId),
    db
      .select({ email: sql<string>`lower(${contacts.email})`, customerId: contacts.customerId })
      .from(contacts)
      .where(inArray(sql`lower(${contacts.email})`, emails))
      .orderBy(contacts.customerId),
  ]);
  const byEmail = new Map<string, number[]>();
  const byCompany = new Map<string, number[]>();
  for (const other of others) {
    const e = emailKey(other.email);
    byEmail.set(e, [...(byEmail.get(e) ?? []), other.applicationId]);
    const c = companyKey(other.company);
    if (c) byCompany.set(c, [...(byCompany.get(c) ?? []), other.applicationId]);
  }
  const customerOf = new Map<string, string>();
  for (const s of signIns) if (!customerOf.has(s.email)) customerOf.set(s.email, s.customerId);
  for (const a of applications) {
    const ids = new Set([
      ...(byEmail.get(emailKey(a.email)) ?? []),
      ...(byCompany.get(companyKey(a.company)) ?? []),
    ]);
    ids.delete(a.applicationId);
    flags.set(a.applicationId, {
      duplicates: [...ids].sort((x, y) => x - y),
      email_customer_id: customerOf.get(emailKey(a.email)) ?? null,
    });
  }
  return flags;
}
