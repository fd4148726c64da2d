/**
 * /acer/admin/audit (owners): every recorded change, by kind of thing, its id and who did it. Worked by
 * keyboard (list-keys.tsx): `/` goes to the filters, Enter on a row opens the thing it is about, when that
 * has a page.
 */
import type { AuditEntry, Page } from '@shop/domain/back-office/schemas';
import { useRef } from 'react';
import { Form, useSearchParams } from 'react-router';
import { api } from '../../../lib/api';
import { KeysHint, MatchCount, SkipToTable, useListKeys } from '../list-keys';
import { type AdminPage, type PageArgs, usePageData } from '../routing';
import { AuditTrail, Field, ListPager, PageTitle, Select } from '../ui';

const ENTITY_TYPES = [
  'order',
  'customer',
  'product',
  'staff',
  'application',
  'contact_message',
  'catalog',
  'tax_rate',
  'fee',
  'quote',
  'warranty_claim',
];

async function loader({ request }: PageArgs) {
  const p = new URL(request.url).searchParams;
  const query = {
    entity_type: p.get('entity_type'),
    entity_id: p.get('entity_id'),
    actor: p.get('actor'),
    page: p.get('page'),
  };
  const { audit } = await api('GET /api/admin/audit', { query, signal: request.signal });
  return audit;
}

function Audit() {
  const audit = usePageData<Page<AuditEntry>>();
  const [params] = useSearchParams();
  const table = useRef<HTMLDivElement>(null);
  useListKeys(table, 'audit-type');
  return (
    <>
      <PageTitle title="Audit">Audit</PageTitle>
      <SkipToTable target="audit-table">Skip to the changes</SkipToTable>
      <Form method="get" className="admin-filters" role="search" aria-label="Find changes">
        <Select
          id="audit-type"
          name="entity_type"
          label="Kind"
          defaultValue={params.get('entity_type') ?? ''}
          options={[{ value: '', label: 'All' }, ...ENTITY_TYPES]}
        />
        <Field
          id="audit-id"
          name="entity_id"
          label="Id"
          defaultValue={params.get('entity_id') ?? ''}
          maxLength={100}
        />
        <Field
          id="audit-actor"
          name="actor"
          label="Who"
          hint="A staff e-mail, or cli for the seller's commands"
          defaultValue={params.get('actor') ?? ''}
          maxLength={100}
        />
        <button type="submit" className="admin-btn">
          Show
        </button>
      </Form>
      <MatchCount total={audit.total} one="change matches" many="changes match" />
      {/* Every row of the trail is a row for the keys; Enter follows its link. */}
      <div id="audit-table" ref={table} tabIndex={-1} data-rows>
        <AuditTrail entries={audit.items} />
      </div>
      <KeysHint />
      <ListPager page={audit.page} pages={audit.pages} total={audit.total} noun="change" />
    </>
  );
}

export const auditPage: AdminPage = { path: '/audit', owner: true, loader, Component: Audit };
