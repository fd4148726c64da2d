/**
 * The API's answers, shared by the server that makes them and the page that reads them: a Zod schema per
 * answer (and per shape inside one), each with the type of the same name. The schemas live by area in
 * answers/*.ts; the back office's are in admin-answers.ts, the company API's (keys and /api/v1) in
 * company-api.ts. Which call answers which is in routes.ts, with what each call takes.
 *
 * Import the types with `import type` where Zod should not load (the page's shared code).
 */

export { PasswordLinkAnswer, PasswordLinkInfo, PasswordSetAnswer } from './admin-answers';
export * from './answers/account';
export * from './answers/cart';
export * from './answers/catalog';
export * from './answers/common';
export * from './answers/orders';
