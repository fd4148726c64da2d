/** An order's and an invoice's tax lines, one per tax component, with the exemption that left one out. */
import type { TaxLineAnswer } from '@shop/domain/core/api';
import { addDays } from '@shop/domain/core/days';
import { taxLabel } from '@shop/domain/tax/rules';
import { formatDay, Money } from '../../ui';

/** "GST 5 %", or "QST 9.975 %: exempt (Reseller, no. 1234567890TQ0001, until 2026-12-31)". */
function taxName(tax: TaxLineAnswer): string {
  const label = taxLabel(tax.component, Math.round(tax.rate * 1000));
  const e = tax.exemption;
  if (!e) return label;
  if (!e.expires_on) return `${label}: exempt (${e.reason}, no. ${e.reference})`;
  // Its last day: the day before it stops applying.
  return `${label}: exempt (${e.reason}, no. ${e.reference}, until ${formatDay(addDays(e.expires_on, -1))})`;
}

/** Rows of a table's foot: one per tax component. */
export function TaxRows({ taxes, span }: { taxes: TaxLineAnswer[]; span: number }) {
  return (
    <>
      {taxes.map((tax) => (
        <tr key={tax.component}>
          <th scope="row" colSpan={span}>
            {taxName(tax)}
          </th>
          <td className="admin-num">
            <Money amount={tax.amount} />
          </td>
        </tr>
      ))}
    </>
  );
}
