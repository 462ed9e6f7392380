import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { createEmbeddedServer } from '@quitute/embedded';
import { silentLogger } from '@quitute/infra/logging';

/**
 * `npm run lighthouse` (issue 14, run by hand, not in CI): Lighthouse's mobile
 * performance audit of /cardapio in Debian Chromium. Starts a fresh embedded
 * shop on web/dist (run `npm run build:web` first), or audits LIGHTHOUSE_URL
 * (e.g. http://localhost:8080) when set. Prints the score and the key metrics;
 * exits 1 under MIN_SCORE. LIGHTHOUSE_REPORT=file.json keeps the whole report.
 */
const MIN_SCORE = 90;
const PAGE = '/cardapio';

const KEY_METRICS = [
  'first-contentful-paint',
  'largest-contentful-paint',
  'total-blocking-time',
  'cumulative-layout-shift',
  'speed-index',
] as const;

/** Opportunities worth reading when the score is low. */
const HINTS = [
  'render-blocking-resources',
  'unused-javascript',
  'unminified-javascript',
  'uses-text-compression',
  'uses-responsive-images',
  'modern-image-formats',
  'font-display',
  'bootup-time',
  'mainthread-work-breakdown',
  'largest-contentful-paint-element',
  'layout-shifts',
] as const;

async function shopUnderTest(): Promise<{ url: string; close: () => Promise<void> }> {
  const given = process.env['LIGHTHOUSE_URL'];
  if (given) return { url: given.replace(/\/$/, ''), close: async () => undefined };
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'quitute-lighthouse-'));
  const server = await createEmbeddedServer({ port: 0, dataDir, logLevel: 'silent' }, silentLogger);
  const url = await server.listen();
  return {
    url,
    close: async () => {
      await server.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function main(): Promise<number> {
  const shop = await shopUnderTest();
  const chrome = await chromeLauncher.launch({
    // Lighthouse measures the browser people use (new headless), not the journeys' shell.
    chromePath: process.env['CHROME_PATH'] ?? '/usr/bin/chromium',
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu'],
  });
  try {
    const result = await lighthouse(`${shop.url}${PAGE}`, {
      port: chrome.port,
      logLevel: 'error',
      output: 'json',
      onlyCategories: ['performance'],
    });
    if (!result) throw new Error('Lighthouse returned no result');
    const { lhr } = result;
    const reportFile = process.env['LIGHTHOUSE_REPORT'];
    if (reportFile) fs.writeFileSync(reportFile, JSON.stringify(lhr, null, 2));
    const score = Math.round((lhr.categories['performance']?.score ?? 0) * 100);
    console.log(
      `Lighthouse ${lhr.lighthouseVersion}, ${lhr.configSettings.formFactor}, ${lhr.finalDisplayedUrl}`,
    );
    // Simulated throttling scales the CPU time it observes: a busy machine scores lower.
    const [oneMinuteLoad = 0] = os.loadavg();
    console.log(
      `  CPU benchmark index ${Math.round(lhr.environment.benchmarkIndex)}, load average ${oneMinuteLoad.toFixed(1)} on ${os.cpus().length} cores`,
    );
    for (const id of KEY_METRICS) {
      const audit = lhr.audits[id];
      if (audit) console.log(`  ${audit.title.padEnd(28)} ${audit.displayValue ?? ''}`);
    }
    if (lhr.runtimeError) console.log(`  runtime error: ${lhr.runtimeError.message}`);
    if (score < MIN_SCORE) {
      console.log('Where the time goes:');
      for (const id of HINTS) {
        const audit = lhr.audits[id];
        if (audit && audit.score !== null && audit.score < 0.9) {
          console.log(`  ${audit.title}${audit.displayValue ? `: ${audit.displayValue}` : ''}`);
        }
      }
    }
    console.log(`performance score: ${score} (at least ${MIN_SCORE})`);
    return score >= MIN_SCORE ? 0 : 1;
  } finally {
    chrome.kill();
    await shop.close();
  }
}

process.exitCode = await main();
