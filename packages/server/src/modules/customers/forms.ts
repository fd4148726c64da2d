/**
 * The account's forms come in an envelope (`{ addressInfo: {…} }`, `{ customerInfo: {…} }`). The route's
 * schema checks the envelope and the form in it; a refusal names the form's own fields, as the page shows
 * them beside its inputs, not the envelope: `errors: { city: '…' }`, not `errors: { addressInfo: '…' }`.
 */
import type { FastifySchemaCompiler } from 'fastify';
import type { z } from 'zod';
import { validatorCompiler } from '../../lib/contract';
import { HttpError, issuesTo400 } from '../../lib/http';

/**
 * The validator of a route whose body carries a form under `key`: one message per field of the form (the
 * first), joined as the 400's message unless `smessage` says what the whole form is told. Params and
 * queries are checked as everywhere else.
 */
export function formIn<S>(key: string, smessage?: string): FastifySchemaCompiler<S> {
  return (route) => {
    const schema = route.schema as unknown as z.ZodType;
    if (route.httpPart !== 'body') return validatorCompiler({ ...route, schema });
    return (data) => {
      const result = schema.safeParse(data ?? {});
      if (result.success) return { value: result.data };
      const issues = result.error.issues.map((issue) =>
        issue.path[0] === key ? { ...issue, path: issue.path.slice(1) } : issue,
      );
      const refused = issuesTo400(issues);
      return { error: smessage === undefined ? refused : new HttpError(400, smessage, refused.extra) };
    };
  };
}
