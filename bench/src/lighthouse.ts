/**
 * Lighthouse (mobile) on a page, with Debian's Chromium. Lighthouse and its Chrome launcher (with Puppeteer,
 * some 160 packages) are the bench's alone: they live in bench/lighthouse/ with a lock file of their own, out
 * of the workspace's install, and the bench installs them there (npm ci) the first time it needs them.
 */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

const HOME = resolve(import.meta.dirname, '../lighthouse');

/** The part of Lighthouse's result the bench reads. */
interface Audit {
  details?: unknown;
  errorMessage?: string;
  numericValue?: number;
}
interface Result {
  lhr: {
    audits: Record<string, Audit | undefined>;
    categories: Record<string, { score: number | null } | undefined>;
    runtimeError?: { message: string };
  };
}
interface Tools {
  launch(options: { chromePath: string; chromeFlags: string[] }): Promise<{ port: number; kill(): void }>;
  lighthouse(
    url: string,
    flags: { port: number; output: 'json'; logLevel: 'error'; onlyCategories: string[] },
  ): Promise<Result | undefined>;
}

/** Lighthouse and chrome-launcher from bench/lighthouse/, installed there first when they are not. */
async function tools(): Promise<Tools> {
  if (!existsSync(resolve(HOME, 'node_modules/lighthouse/package.json'))) {
    console.log('Installing Lighthouse for the bench in bench/lighthouse/ (once)...');
    execFileSync('npm', ['ci', '--no-audit', '--no-fund', '--loglevel=warn'], {
      cwd: HOME,
      stdio: 'inherit',
    });
  }
  const from = createRequire(resolve(HOME, 'package.json'));
  const load = (name: string) => import(pathToFileURL(from.resolve(name)).href);
  const [launcher, lighthouse] = await Promise.all([load('chrome-launcher'), load('lighthouse')]);
  return { launch: launcher.launch, lighthouse: lighthouse.default };
}

export interface PageScore {
  url: string;
  performance: number;
  accessibility: number;
  seo: number;
  bestPractices: number;
  lcpMs: number;
  /** First contentful paint and total blocking time: what else weighs in the performance score. */
  fcpMs: number;
  tbtMs: number;
  scriptKb: number;
  /** Why Lighthouse could not score the page (its runtime error or the LCP audit's), when it could not. */
  error?: string;
}

export async function lighthouseScores(urls: string[]): Promise<PageScore[]> {
  const { launch, lighthouse } = await tools();
  const chrome = await launch({
    chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    chromeFlags: [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--disable-quic',
    ],
  });
  const out: PageScore[] = [];
  try {
    for (const url of urls) {
      const result = await lighthouse(url, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance', 'accessibility', 'seo', 'best-practices'],
      });
      const lhr = result?.lhr;
      if (!lhr) throw new Error(`Lighthouse gave no result for ${url}`);
      const requests =
        (
          lhr.audits['network-requests']?.details as {
            items?: { resourceType?: string; transferSize?: number }[];
          }
        )?.items ?? [];
      const scriptBytes = requests
        .filter((r) => r.resourceType === 'Script')
        .reduce((n, r) => n + (r.transferSize ?? 0), 0);
      const lcp = lhr.audits['largest-contentful-paint'];
      const error = lhr.runtimeError?.message ?? lcp?.errorMessage ?? undefined;
      out.push({
        url,
        ...(error ? { error } : {}),
        performance: Math.round((lhr.categories.performance?.score ?? 0) * 100),
        accessibility: Math.round((lhr.categories.accessibility?.score ?? 0) * 100),
        seo: Math.round((lhr.categories.seo?.score ?? 0) * 100),
        bestPractices: Math.round((lhr.categories['best-practices']?.score ?? 0) * 100),
        lcpMs: Math.round(lhr.audits['largest-contentful-paint']?.numericValue ?? 0),
        fcpMs: Math.round(lhr.audits['first-contentful-paint']?.numericValue ?? 0),
        tbtMs: Math.round(lhr.audits['total-blocking-time']?.numericValue ?? 0),
        scriptKb: Math.round(scriptBytes / 102.4) / 10,
      });
    }
  } finally {
    chrome.kill();
  }
  return out;
}
