/** What the cart's calls take beside their bodies (cart/order-request.ts): the path of a cart line. */
import { z } from 'zod';
import { CONDITIONS } from '../catalog/rules';

/** DELETE /api/user/{customerid}/cart/{itemid}/{condition}/remove */
export const CartLinePath = z.object({
  customerid: z.string().describe("The signed-in customer's id (another is refused with 403)."),
  itemid: z.string().describe('The item of the line.'),
  condition: z
    .string()
    .describe(`The line's condition: ${CONDITIONS.join(', ')} (any other names no line: 201).`),
});
export type CartLinePath = z.infer<typeof CartLinePath>;
