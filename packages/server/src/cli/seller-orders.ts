import type { SellerCommand } from './seller-types';

/** Order and invoice commands (filled by the orders feature). */
export const orderCommands: Record<string, SellerCommand> = {};
