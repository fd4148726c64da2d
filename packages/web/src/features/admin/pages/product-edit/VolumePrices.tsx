/** The product's volume prices: one text per condition it sells in (its own, and scratch and dent while offered). */

import { Field } from '../../ui';
import { conditionWord } from '../../words';
import type { BreaksKey, TextProps } from './form-values';

export function VolumePrices({
  condition,
  scratchDent,
  field,
}: {
  condition: string;
  scratchDent: boolean;
  field: (key: BreaksKey) => TextProps;
}) {
  return (
    <fieldset className="admin-fieldset">
      <legend>Volume prices</legend>
      <p className="admin-note">
        A percentage off the buyer's own price for a line of at least that many units, written
        quantity:percent and separated by | — for example 10:3|50:6 is 3 % off from 10 units and 6 % off from
        50. Up to 5 per condition, each larger quantity with a larger percentage. Empty for none.
      </p>
      <div className="admin-grid">
        <Field
          id="volume_breaks"
          label={`Volume prices (${conditionWord(condition)})`}
          maxLength={200}
          autoComplete="off"
          {...field('volume_breaks')}
        />
        {scratchDent && (
          <Field
            id="scratch_dent_volume_breaks"
            label={`Volume prices (${conditionWord('ScratchDent')})`}
            maxLength={200}
            autoComplete="off"
            {...field('scratch_dent_volume_breaks')}
          />
        )}
      </div>
    </fieldset>
  );
}
