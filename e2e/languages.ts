/**
 * The shop's catalogues as the tests read them: the French texts by key (to find the page's controls in
 * French) and every English message (to show that none is left on a French page).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { repoRoot } from './database';
import { expect, type Page } from './fixtures';

type Catalogue = Record<string, string>;

function readAll(lang: 'en' | 'fr'): Catalogue {
  const dir = join(repoRoot, 'packages/web/src/locales', lang);
  const out: Catalogue = {};
  for (const file of readdirSync(dir)) Object.assign(out, JSON.parse(readFileSync(join(dir, file), 'utf8')));
  return out;
}

const FR: Catalogue = {
  ...readAll('fr'),
  ...(JSON.parse(
    readFileSync(join(repoRoot, 'packages/domain/src/locales/fr/spec.json'), 'utf8'),
  ) as Catalogue),
  ...(JSON.parse(
    readFileSync(join(repoRoot, 'packages/domain/src/locales/fr/quotes.json'), 'utf8'),
  ) as Catalogue),
};
const EN: Catalogue = {
  ...readAll('en'),
  ...(JSON.parse(
    readFileSync(join(repoRoot, 'packages/domain/src/locales/en/spec.json'), 'utf8'),
  ) as Catalogue),
  ...(JSON.parse(
    readFileSync(join(repoRoot, 'packages/domain/src/locales/en/quotes.json'), 'utf8'),
  ) as Catalogue),
};

/** The French text of a key, without ICU values (for exact labels). */
export function fr(key: string): string {
  const text = FR[key];
  expect(text, `French catalogue key ${key}`).toBeDefined();
  return text!;
}

/**
 * The pieces of English that must not show on a French page: from every English message that differs from
 * its French, the stretches between its {values} of three words or more (a shorter piece, like a heading of
 * one word, can be part of a product's name, which stays as it is in both languages).
 */
const ENGLISH_PIECES: string[] = (() => {
  const pieces = new Set<string>();
  for (const [key, text] of Object.entries(EN)) {
    if (FR[key] === text) continue;
    for (const piece of text.split(/\{[^{}]*(?:\{[^{}]*\}[^{}]*)*\}/)) {
      const words = piece
        .trim()
        .split(/\s+/)
        .filter((w) => /[A-Za-z]{2}/.test(w));
      if (words.length >= 3) pieces.add(piece.trim());
    }
  }
  return [...pieces];
})();

/** Fails when the page's visible text holds a piece of an English message. */
export async function expectNoEnglish(page: Page): Promise<void> {
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
  const visible = (await page.locator('body').innerText()).replace(/\s+/g, ' ');
  const left = ENGLISH_PIECES.filter((piece) => visible.includes(piece.replace(/\s+/g, ' ')));
  expect(left, `English left on ${page.url()}`).toEqual([]);
}

/** A price as French Canada writes it: 1 234,56 $ (narrow or plain no-break spaces). */
export const FRENCH_PRICE = /\d{1,3}(?:[\u00a0\u202f ]\d{3})*,\d{2}[\u00a0\u202f ]\$/;
