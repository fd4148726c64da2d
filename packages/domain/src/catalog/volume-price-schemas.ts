/** The back office's volume prices as the server checks them (kept apart so pages pricing lines load no Zod). */
import { z } from 'zod';
import { CONDITIONS } from './rules';
import {
  BREAK_MAX_QUANTITY,
  BREAK_MIN_QUANTITY,
  MAX_BREAKS_PER_CONDITION,
  orderProblems,
  percentToBasisPoints,
  VOLUME_MSG,
} from './volume-prices';

const MinQuantity = z
  .number({ error: VOLUME_MSG.minQuantity })
  .int({ error: VOLUME_MSG.minQuantity })
  .min(BREAK_MIN_QUANTITY, { error: VOLUME_MSG.minQuantity })
  .max(BREAK_MAX_QUANTITY, { error: VOLUME_MSG.minQuantity });

/** One break as the back office sends it: the percentage as people write it. */
const PriceBreakInput = z.object({
  condition: z.enum(CONDITIONS, { error: 'A volume price names a condition.' }),
  min_quantity: MinQuantity,
  percent: z
    .number({ error: VOLUME_MSG.percent })
    .refine((p) => percentToBasisPoints(p) !== null, { error: VOLUME_MSG.percent }),
});
export type PriceBreakInput = z.infer<typeof PriceBreakInput>;

/** Every break of a product as the back office sends them, checked per condition. */
export const PriceBreaksInput = z
  .array(PriceBreakInput, { error: 'Volume prices are a list.' })
  .max(MAX_BREAKS_PER_CONDITION * CONDITIONS.length, { error: VOLUME_MSG.tooMany('A product') })
  .superRefine((breaks, ctx) => {
    for (const message of orderProblems(
      breaks.map((b) => ({ ...b, basis_points: percentToBasisPoints(b.percent) ?? 0 })),
    ))
      ctx.addIssue({ code: 'custom', message });
  });
