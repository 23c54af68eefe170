// Takes the screenshots of docs/WEB.md: node screenshot.js OUTDIR
// (a phone-sized view of the sequence, a game, a sweep and its formula).
'use strict';

const path = require('node:path');
const { startServer, launch } = require('./harness');

(async () => {
  const out = process.argv[2] || 'out';
  const server = await startServer();
  const context = await launch({ viewport: { width: 390, height: 1100 }, deviceScaleFactor: 2 });
  try {
    const page = await context.newPage();
    await page.goto(`${server.url}?set=2,3,7`);
    await page.waitForSelector('#r-period:not(:empty)');
    await page.screenshot({ path: path.join(out, 'explorer-sequence.png') });
    await page.click('#play-go');
    await page.waitForSelector('#board button.move');
    await page.click('#hint');
    await page.click('#sweep-go');
    await page.waitForSelector('#sweep-result:not([hidden])');
    const play = await page.$('#play');
    await play.screenshot({ path: path.join(out, 'explorer-play.png') });
    const sweep = await page.$('#sweep');
    await sweep.screenshot({ path: path.join(out, 'explorer-sweep.png') });
    // "Find the formula" over the range the All-but Nim paper checked.
    await page.fill('#sweep-a', '1..30');
    await page.fill('#sweep-b', '2*a+1..2*a+30');
    await page.click('#fit-go');
    await page.waitForSelector('#fit-result:not([hidden])');
    const fit = await page.$('#fit-result');
    await fit.screenshot({ path: path.join(out, 'explorer-fit.png') });
    console.log(`wrote ${out}/explorer-*.png`);
  } finally {
    await context.close();
    await server.stop();
  }
})().catch((e) => { console.error(e); process.exit(1); });
