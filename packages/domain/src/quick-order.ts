/**
 * Quick order: lines pasted from a spreadsheet or an e-mail, or a CSV file, read as SKU, quantity and an
 * optional condition. The page uses the parser to preview; the server parses again and decides.
 */
import type { Condition } from './catalog';

export const QUICK_ORDER_MAX_LINES = 200;
/** What a pasted text or uploaded file may weigh (200 lines of a SKU, a quantity and a condition fit easily). */
export const QUICK_ORDER_MAX_CHARS = 40_000;

export const QUICK_MSG = {
  tooManyLines: `Paste at most ${QUICK_ORDER_MAX_LINES} lines at a time.`,
  tooLong: 'The text is too long. Paste at most 200 lines of a SKU and a quantity.',
  nothing: 'Paste at least one line: a SKU and a quantity, e.g. NX.SAHAA.001 5.',
  unreadable: 'Write a SKU and a quantity, e.g. NX.SAHAA.001 5, optionally followed by a condition.',
  quantity: 'The quantity must be a whole number from 1 to 9999.',
  condition: (word: string) =>
    `"${word}" is not a condition. Use BrandNew, Recertified, ScratchDent or Warranty.`,
  unknown: (sku: string) => `There is no item with SKU ${sku}.`,
  removed: (sku: string) => `${sku} has been removed from the store.`,
  notOffered: (sku: string, condition: string) => `${sku} is not sold as ${condition}.`,
  outOfStock: (sku: string) => `${sku} is out of stock.`,
  ambiguous: (sku: string, conditions: readonly string[]) =>
    `${sku} is sold as ${conditions.join(' and ')}: add the condition, e.g. "${sku} 1 ${conditions[conditions.length - 1]}".`,
  cartFull: 'Your cart holds up to 100 different items. Please check out or remove some first.',
  added: (sku: string, quantity: number) => `${quantity} × ${sku} added to your cart.`,
} as const;

export interface QuickOrderLine {
  /** 1-based line number in what was pasted. */
  line: number;
  text: string;
  sku: string;
  quantity: number;
  condition: Condition | null;
}

export interface QuickOrderProblem {
  line: number;
  text: string;
  message: string;
}

export interface ParsedQuickOrder {
  lines: QuickOrderLine[];
  problems: QuickOrderProblem[];
}

const CONDITION_WORDS: Record<string, Condition> = {
  brandnew: 'BrandNew',
  new: 'BrandNew',
  recertified: 'Recertified',
  refurbished: 'Recertified',
  recert: 'Recertified',
  scratchdent: 'ScratchDent',
  scratchanddent: 'ScratchDent',
  sd: 'ScratchDent',
  sandd: 'ScratchDent',
  warranty: 'Warranty',
  // The French names, as the French page shows them: Neuf, Remis à neuf, Égratigné et bosselé (É&B), Garantie.
  neuf: 'BrandNew',
  remisaneuf: 'Recertified',
  reconditionne: 'Recertified',
  egratigneetbossele: 'ScratchDent',
  egratigneandbossele: 'ScratchDent',
  eandb: 'ScratchDent',
  garantie: 'Warranty',
};

/**
 * Reads a condition word the way people write it: "Recertified", "scratch & dent", "S&D", "Brand New", and
 * in French "Neuf", "remis à neuf", "É&B", "Égratigné et bosselé".
 */
export function conditionFromWord(word: string): Condition | null {
  const key = word
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/&/g, 'and')
    .replace(/[^a-z]/g, '');
  return CONDITION_WORDS[key] ?? null;
}

const HEADER = /^\s*"?sku"?\s*[,;\t]/i;

/**
 * Parses pasted lines or a CSV file. Separators: spaces, tabs, commas or semicolons; quoted CSV cells are
 * unquoted. A first line naming the columns (starting with "sku") is skipped. Blank lines are ignored.
 */
export function parseQuickOrder(text: string): ParsedQuickOrder {
  const rows = text.replace(/\r\n?/g, '\n').split('\n');
  const lines: QuickOrderLine[] = [];
  const problems: QuickOrderProblem[] = [];
  rows.forEach((raw, index) => {
    const line = index + 1;
    const trimmed = raw.trim();
    if (trimmed === '' || (index === 0 && HEADER.test(trimmed))) return;
    const cells = trimmed
      .split(/[\t,;]|\s+/)
      .map((c) =>
        c
          .trim()
          .replace(/^"(.*)"$/, '$1')
          .trim(),
      )
      .filter((c) => c !== '');
    const [sku, quantityText, ...rest] = cells;
    if (!sku || quantityText === undefined) {
      problems.push({ line, text: trimmed, message: QUICK_MSG.unreadable });
      return;
    }
    if (!/^\d{1,4}$/.test(quantityText) || Number(quantityText) < 1) {
      problems.push({ line, text: trimmed, message: QUICK_MSG.quantity });
      return;
    }
    let condition: Condition | null = null;
    if (rest.length > 0) {
      const word = rest.join(' ');
      condition = conditionFromWord(word);
      if (!condition) {
        problems.push({ line, text: trimmed, message: QUICK_MSG.condition(word) });
        return;
      }
    }
    lines.push({ line, text: trimmed, sku, quantity: Number(quantityText), condition });
  });
  return { lines, problems };
}

/**
 * What the server answers for each line (added, clamped, refused and why): the schemas are with the cart's
 * answers (answers/cart.ts), kept apart so the parser does not load Zod.
 */
export type { QuickOrderResult, QuickOrderStatus } from './answers/cart';
