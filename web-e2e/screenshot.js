// Takes the README's screenshot: node screenshot.js OUT.png [WIDTH]
'use strict';

const { startServer, launch } = require('./harness');

(async () => {
  const out = process.argv[2] || 'out/explorer.png';
  const width = Number(process.argv[3] || 390);
  const server = await startServer();
  const context = await launch({ viewport: { width, height: 900 }, deviceScaleFactor: 2 });
  try {
    const page = await context.newPage();
    await page.goto(`${server.url}?set=2,3,7`);
    await page.waitForSelector('#r-period:not(:empty)');
    await page.screenshot({ path: out, fullPage: process.env.FULL === '1' });
    console.log(`wrote ${out}`);
  } finally {
    await context.close();
    await server.stop();
  }
})().catch((e) => { console.error(e); process.exit(1); });
