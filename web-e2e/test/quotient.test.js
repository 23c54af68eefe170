// End-to-end: the quotient view of the real `grundy serve`, in headless
// Chromium. What it shows must be the object of `grundy quotient GAME
// --table --json` (and the presentation line of its text output), the
// multiplication table a grid of order x order with the P-portion
// marked, and errors the CLI's or the API's one line next to the field.
'use strict';

const test = require('node:test');
const assert = require('node:assert/strict');
const { cli, startServer, launch, watchedPage } = require('../harness');

let server;
let context;

test.before(async () => {
  server = await startServer();
  context = await launch();
});

test.after(async () => {
  if (context) await context.close();
  if (server) await server.stop();
});

async function open() {
  const page = await watchedPage(context);
  await page.goto(`${server.url}#quotient`);
  await page.waitForSelector('#r-period:not(:empty)');
  return page;
}

async function compute(page, game, heaps = '') {
  await page.fill('#quotient-game', game);
  await page.fill('#quotient-heaps', heaps);
  const done = page.waitForResponse((r) => r.url().includes('/api/quotient'));
  await page.click('#quotient-go');
  await done;
  await page.waitForFunction(() => !document.getElementById('quotient-go').disabled);
}

const text = (page, sel) => page.textContent(sel).then((t) => t.trim());

function quotientCli(args) {
  const json = cli(['quotient', ...args, '--table', '--json']);
  assert.equal(json.code, 0, json.stderr);
  const plain = cli(['quotient', ...args]);
  const presentation = plain.stdout.match(/^presentation: (.*)$/m)[1];
  return { report: JSON.parse(json.stdout), presentation };
}

// Source: T. E. Plambeck, A. N. Siegel, "Misère quotients for impartial
// games" (docs/MISERE.md §3.1): 0.75 has the wild quotient R8 of order 8,
// P-portion {a, b2}, heap map periodic from heap 8 with period 2.
test('the quotient of 0.75 is R8, as the CLI prints it', async () => {
  const page = await open();
  await compute(page, '0.75');
  await page.waitForSelector('#quotient-result:not([hidden])');
  const { report, presentation } = quotientCli(['0.75']);
  assert.equal(report.order, 8);
  assert.equal(await text(page, '#q-game'), report.game);
  assert.equal(await text(page, '#q-order'), '8');
  // Orders 2, 6, 6, 6, 8 for heaps 1 to 5 (docs/MISERE.md §3.1).
  assert.deepEqual(report.expansions, [{ heap: 1, order: 2 }, { heap: 2, order: 6 },
    { heap: 5, order: 8 }]);
  assert.equal(await text(page, '#q-expansions'), '2 from heap 1, 6 from heap 2, 8 from heap 5');
  assert.equal(await text(page, '#q-presentation'), presentation);
  assert.equal(await text(page, '#q-p-portion'), report.p_portion.join(', '));
  assert.equal(await text(page, '#q-p-portion'), 'a, b2');
  assert.equal(await text(page, '#q-kind'), 'wild');
  assert.equal(await text(page, '#q-certificate'), report.certificate);
  assert.equal(await text(page, '#q-heaps'),
    `every heap (computed to ${report.heap_map.length - 1})`);
  // The heap map, heap by heap, with its pre-period and first period.
  const cells = await page.$$eval('#q-map .cell', (c) => c.map((x) =>
    [x.querySelector('i').textContent, x.querySelector('b').textContent, x.className]));
  assert.deepEqual(cells.map((c) => c[1]), report.heap_map);
  assert.deepEqual(cells.map((c) => Number(c[0])), report.heap_map.map((_, h) => h));
  assert.equal(cells.filter((c) => c[2].includes('pre')).length, 8);
  assert.equal(cells.filter((c) => c[2].includes('per')).length, 2);
  assert.match(await text(page, '#q-map-note'), /pre-period 8, period 2$/);
  // The grid: 8 x 8, the CLI's table, P-portion cells marked, a colour
  // per element.
  const grid = await page.$$eval('#q-table tbody tr', (trs) => trs.map((tr) =>
    [...tr.querySelectorAll('td')].map((td) => ({ text: td.textContent,
      p: td.classList.contains('qp'), bg: getComputedStyle(td).backgroundColor }))));
  assert.equal(grid.length, 8);
  assert.ok(grid.every((row) => row.length === 8));
  assert.deepEqual(grid.map((row) => row.map((c) => c.text)), report.table);
  const isP = new Set(report.p_portion);
  for (const row of grid) {
    for (const c of row) assert.equal(c.p, isP.has(c.text), c.text);
  }
  const colours = new Map();
  for (const c of grid.flat()) {
    if (colours.has(c.text)) assert.equal(colours.get(c.text), c.bg);
    colours.set(c.text, c.bg);
  }
  assert.equal(new Set(colours.values()).size, 8);
  const head = await page.$$eval('#q-table thead th', (t) => t.map((x) => x.textContent));
  assert.deepEqual(head, ['·', ...report.table[0]]);
  assert.equal(await text(page, '#q-table-note'), '(8 × 8)');
  // The grid fits the phone's screen (it scrolls inside its box).
  const [scroll, width] = await page.evaluate(() =>
    [document.documentElement.scrollWidth, window.innerWidth]);
  assert.ok(scroll <= width, `page is ${scroll} px wide on a ${width} px screen`);
  assert.deepEqual(page.problems, []);
});

// Source: docs/MISERE.md §3.1 (Plambeck and Siegel): {1,2,3} is tame, the
// quotient T2 of misère Nim, of order 6; Q_5 of 0.75 has order 8 with no
// certificate yet.
test('a tame quotient, and heaps 1..N', async () => {
  const page = await open();
  await compute(page, '1,2,3');
  await page.waitForSelector('#quotient-result:not([hidden])');
  assert.equal(await text(page, '#q-kind'), 'tame (the quotient of misère Nim, T_n)');
  assert.equal(await text(page, '#q-presentation'), '<a, b | a2=1, b3=b>');
  assert.equal(await page.$$eval('#q-table tbody tr', (r) => r.length), 6);
  assert.equal(await page.$$eval('#q-table tbody td', (r) => r.length), 36);
  await compute(page, '0.75', '5');
  const { report } = quotientCli(['0.75', '--heaps', '5']);
  assert.equal(await text(page, '#q-heaps'), '1 … 5');
  assert.equal(await text(page, '#q-map-note'), 'heaps 0 … 5; no period certified');
  assert.deepEqual(await page.$$eval('#q-map .cell b', (b) => b.map((x) => x.textContent)),
    report.heap_map);
  assert.equal(await page.$$eval('#q-map .cell.pre, #q-map .cell.per', (c) => c.length), 0);
});

test('bad input: one line next to its field', async () => {
  const page = await open();
  await compute(page, '0.75', '5000');
  await page.waitForSelector('#quotient-heaps-error:not([hidden])');
  assert.match(await text(page, '#quotient-heaps-error'),
    /^heaps "5000" must be a number of heaps from 1 to 1024/);
  assert.equal(await page.getAttribute('#quotient-heaps', 'aria-invalid'), 'true');
  assert.ok(await page.isHidden('#quotient-result'));
  // A game with no finite code: the CLI's words.
  await compute(page, 'nim', '');
  await page.waitForSelector('#quotient-game-error:not([hidden])');
  const words = cli(['quotient', 'nim']).stderr.trim().replace(/^grundy: /, '');
  assert.equal(await text(page, '#quotient-game-error'), words);
  assert.ok(await page.isHidden('#quotient-heaps-error'));
  // Fixed, the errors go.
  await compute(page, '1,2', '');
  await page.waitForSelector('#quotient-result:not([hidden])');
  assert.ok(await page.isHidden('#quotient-game-error'));
  assert.equal(await text(page, '#q-order'), '6');
});
