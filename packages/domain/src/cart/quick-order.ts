/**
 * Quick order: lines pasted from a spreadsheet or an e-mail, or a CSV file, read as SKU, quantity and an
 * optional condition. The page uses the parser to preview; the server parses again and decides.
 */

import { type Condition, conditionWord } from '../catalog/rules';
import { type Message, message } from '../core/i18n';
import type { QuickOrderResult } from './answers';

export const QUICK_ORDER_MAX_LINES = 200;
/** What a pasted text or uploaded file may weigh (200 lines of a SKU, a quantity and a condition fit easily). */
export const QUICK_ORDER_MAX_CHARS = 40_000;

export const QUICK_MSG = {
  tooManyLines: 'quick.tooManyLines',
  tooLong: 'quick.tooLong',
  nothing: 'quick.nothing',
  unreadable: 'quick.unreadable',
  quantity: 'quick.quantity',
  condition: (word: string) => message('quick.condition', { word }),
  unknown: (sku: string) => message('quick.unknown', { sku }),
  removed: (sku: string) => message('quick.removed', { sku }),
  notOffered: (sku: string, condition: string) =>
    message('quick.notOffered', { sku, condition: conditionWord(condition) }),
  outOfStock: (sku: string) => message('quick.outOfStock', { sku }),
  ambiguous: (sku: string, conditions: readonly string[]) => {
    const words = conditions.map(conditionWord);
    return words.length === 2
      ? message('quick.ambiguous2', { sku, first: words[0]!, last: words[1]! })
      : message('quick.ambiguous3', { sku, first: words[0]!, second: words[1]!, last: words[2]! });
  },
  cartFull: 'quick.cartFull',
  added: (sku: string, quantity: number) => message('quick.added', { sku, quantity }),
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
  message: Message;
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
 * answers (cart/answers.ts), kept apart so the parser does not load Zod.
 */
export type { QuickOrderResult, QuickOrderStatus } from './answers';

/** A line's outcome as the server works it out: its message is said in the buyer's language when answered. */
export type QuickOrderOutcome = Omit<QuickOrderResult, 'message'> & { message: Message };
