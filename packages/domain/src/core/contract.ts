/** What every route's contract shares: the answer to a refused request. */
import { z } from 'zod';

/** A refused request: `scode` mirrors the HTTP status, `smessage` tells the person what to do. */
const ErrorAnswer = z
  .object({
    scode: z.number().int(),
    smessage: z.string(),
    /** Per field, the first thing wrong with it (a 400 from a form). */
    errors: z.record(z.string(), z.string()).optional(),
  })
  .loose()
  .meta({ id: 'ErrorAnswer' });
export type ErrorAnswer = z.infer<typeof ErrorAnswer>;

/** A change that answers nothing but that it was made. */
export const DoneAnswer = z.object({ scode: z.literal(200), smessage: z.string().optional() }).loose();
export type DoneAnswer = z.infer<typeof DoneAnswer>;

/** The refusals every route may answer, beside its own answer. */
export const REFUSALS = { '4xx': ErrorAnswer, '5xx': ErrorAnswer } as const;
