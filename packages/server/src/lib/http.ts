/** The API's answer shapes: `scode` mirrors the HTTP status and `smessage` is for the person. */
import { isMessageKey, type Message, message } from '@shop/domain/core/i18n';
import type { FastifyReply } from 'fastify';
import type { z } from 'zod';
import { type Said, translators } from '../i18n/lang';

export type { Said };

export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    /** One message, or several shown one per line. */
    readonly said: Said | readonly Said[],
    readonly extra: Record<string, unknown> = {},
  ) {
    // In English for the log and the seller's command line; the answer says it in the reader's language.
    super(inEnglish(said));
  }
}

function inEnglish(said: Said | readonly Said[]): string {
  const all: readonly Said[] = Array.isArray(said) ? said : [said as Said];
  return all
    .map((one) => (typeof one === 'string' && !isMessageKey(one) ? one : translators.en.say(one as Message)))
    .join('\n');
}

/** Messages once each (several lines may say the same), in their order. */
export function distinct(said: readonly Said[]): Said[] {
  const seen = new Set<string>();
  return said.filter((one) => {
    const key = JSON.stringify(one);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

export function fail(reply: FastifyReply, status: number, said: Said, extra: Record<string, unknown> = {}) {
  return reply.code(status).send({ scode: status, smessage: reply.request.say(said), ...extra });
}

/** Parses with a shared schema; a failure is a 400 carrying the spec's messages, one per line. */
export function parseOr400<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const result = schema.safeParse(value ?? {});
  if (result.success) return result.data;
  throw issuesTo400(result.error.issues);
}

/**
 * A schema's complaints as the 400 people read: one message per field (the first), one per line. A
 * schema's message is a key (the shop's) or English text (the back office's).
 */
export function issuesTo400(issues: readonly z.core.$ZodIssue[]): HttpError {
  const errors: Record<string, Said> = {};
  for (const issue of issues) {
    const key = String(issue.path[0] ?? '_');
    if (key in errors) continue;
    // A refinement's message with values carries them in its params (domain/catalog/requests.ts).
    const values =
      issue.code === 'custom' ? (issue.params?.values as Record<string, string> | undefined) : undefined;
    errors[key] = values && isMessageKey(issue.message) ? message(issue.message, values) : issue.message;
  }
  return new HttpError(400, distinct(Object.values(errors)), { errors });
}
