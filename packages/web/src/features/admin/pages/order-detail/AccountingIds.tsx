/** An invoice's ids in the accounting systems (set by their sync), shown to owners under the invoice. */
import { useEffect, useState } from 'react';
import { api } from '../../../../lib/api';
import { useIsOwner } from '../../routing';

const SYSTEM_NAMES: Record<string, string> = { zoho: 'Zoho Books', quickbooks: 'QuickBooks Online' };

export function InvoiceAccountingIds({ invoiceNumber }: { invoiceNumber: string }) {
  const owner = useIsOwner();
  const [ids, setIds] = useState<{ system: string; external_id: string }[]>([]);
  useEffect(() => {
    if (!owner) return;
    api('GET /api/admin/accounting/ids', { query: { kind: 'invoice', id: invoiceNumber } }).then(
      (answer) => setIds(answer.ids),
      () => setIds([]),
    );
  }, [owner, invoiceNumber]);
  if (ids.length === 0) return null;
  return (
    <p className="admin-note" data-testid="invoice-accounting-ids">
      {ids.map((i) => `${SYSTEM_NAMES[i.system] ?? i.system} id: ${i.external_id}`).join('; ')}
    </p>
  );
}
