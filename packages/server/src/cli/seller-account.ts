import type { SellerCommand } from './seller-types';

/** Customer account commands (filled by the account feature). */
export const accountCommands: Record<string, SellerCommand> = {};
