/**
 * The API's answers, shared by the server that makes them and the page that reads them: a Zod schema per
 * answer (and per shape inside one), each with the type of the same name. The schemas live in each
 * capability's folder, as answers.ts (cart/answers.ts, orders/answers.ts, ...); the back office's are in
 * back-office/answers.ts, the company API's (keys and /api/v1) in company-api/schemas.ts. Which call
 * answers which is in core/routes.ts, with what each call takes.
 *
 * Import the types with `import type` where Zod should not load (the page's shared code).
 */

export * from '../account/answers';
export { PasswordLinkAnswer, PasswordLinkInfo, PasswordSetAnswer } from '../back-office/answers';
export * from '../cart/answers';
export * from '../catalog/answers';
export * from '../orders/answers';
export * from './answers';
