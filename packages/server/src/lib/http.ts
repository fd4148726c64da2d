/** The API's answer shapes: `scode` mirrors the HTTP status and `smessage` is for the person. */
import type { FastifyReply } from 'fastify';
import type { z } from 'zod';

export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
  }
}

export function fail(
  reply: FastifyReply,
  status: number,
  smessage: string,
  extra: Record<string, unknown> = {},
) {
  return reply.code(status).send({ scode: status, smessage, ...extra });
}

/** Parses with a shared schema; a failure is a 400 carrying the spec's messages, one per line. */
export function parseOr400<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const result = schema.safeParse(value ?? {});
  if (result.success) return result.data;
  throw issuesTo400(result.error.issues);
}

/** A schema's complaints as the 400 people read: one message per field (the first), one per line. */
export function issuesTo400(issues: readonly z.core.$ZodIssue[]): HttpError {
  const errors: Record<string, string> = {};
  for (const issue of issues) {
    const key = String(issue.path[0] ?? '_');
    if (!(key in errors)) errors[key] = issue.message;
  }
  return new HttpError(400, [...new Set(Object.values(errors))].join('\n'), { errors });
}
