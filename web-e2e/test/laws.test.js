// End-to-end: the laws view of the real `grundy serve`, in headless
// Chromium. It lists the committed catalogue (docs/LAWS.md), filters it
// by key, shape and text, and each law's link opens its family in the
// sweep tab, with the state in the address.
'use strict';

const test = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const path = require('node:path');
const { ROOT, cli, startServer, launch, watchedPage } = require('../harness');

const LAWS_MD = fs.readFileSync(path.join(ROOT, 'docs', 'LAWS.md'), 'utf8');

let server;
let context;

test.before(async () => {
  server = await startServer();
  context = await launch({ viewport: { width: 1000, height: 900 } });
});

test.after(async () => {
  if (context) await context.close();
  if (server) await server.stop();
});

/** Opens the page at the laws tab; the catalogue loads in view. */
async function open() {
  const page = await watchedPage(context);
  const loaded = page.waitForResponse((r) => r.url().includes('/api/laws'));
  await page.goto(`${server.url}#laws`);
  await loaded;
  await page.waitForSelector('#laws-table tbody tr');
  return page;
}

/** Changes a filter and waits for the answer. */
async function filter(page, action) {
  const done = page.waitForResponse((r) => r.url().includes('/api/laws'));
  await action();
  await done;
  await page.waitForFunction(() => !document.getElementById('laws-go').disabled);
}

const text = (page, sel) => page.textContent(sel).then((t) => t.trim());
const rows = (page) => page.$$eval('#laws-table tbody tr', (trs) => trs.map((tr) =>
  [...tr.cells].map((c) => c.textContent.trim())));

/** "### one formula, linear (284 families)" under "## period". */
function groupSize(shape) {
  const period = LAWS_MD.split('\n## preperiod\n')[0];
  const m = period.match(new RegExp(`\\n### ${shape.replace(/[()*+]/g, '\\$&')} \\((\\d+) famil`));
  return Number(m[1]);
}

test('the catalogue, filtered by key, shape and text', async () => {
  const page = await open();
  // LAWS.md's header: "583 families: 313 with a law, ..." under "## period".
  const [, families, laws] = LAWS_MD.match(/\n## period\n\n(\d+) families: (\d+) with a law/);
  assert.ok((await text(page, '#laws-about')).startsWith(
    `The catalogue of docs/LAWS.md, ${families} families (period: ${laws} laws, `));
  // Key period, shape "one formula, linear": LAWS.md's group.
  await filter(page, () => page.selectOption('#laws-key', 'period'));
  const shapes = await page.$$eval('#laws-shape option', (o) => o.map((x) => x.value));
  assert.ok(shapes.includes('one formula, linear'), shapes.join('|'));
  await filter(page, () => page.selectOption('#laws-shape', 'one formula, linear'));
  const n = groupSize('one formula, linear');
  assert.equal(await text(page, '#laws-note'),
    n > 200 ? `${n} match; the first 200 are shown (narrow the filter for the others).`
      : `${n} match.`);
  const linear = await rows(page);
  assert.equal(linear.length, Math.min(n, 200));
  assert.ok(linear.every((r) => r[1] === 'period'));
  // Each row: family, key, formula, validated region, source, link; as
  // LAWS.md's row for the family.
  const first = linear[0];
  assert.deepEqual(first.slice(0, 2), ['a,a+1', 'period']);
  assert.equal(first[2], 'period = 2*a + 1');
  assert.equal(first[3], '340/340 (a=61..400)');
  assert.equal(first[4], 'Benesh et al. (2020)');
  assert.ok(LAWS_MD.includes('| `a,a+1` | `period = 2*a + 1` | 60 | 340/340 (a=61..400) | 0 | none | Benesh et al. (2020) |'));
  // Text search, blanks ignored.
  await filter(page, () => page.selectOption('#laws-shape', ''));
  await page.fill('#laws-q', '3*a+1');
  await filter(page, () => page.click('#laws-go'));
  const found = await rows(page);
  assert.ok(found.length > 0);
  assert.ok(found.some((r) => r[0] === 'a,2*a+1'), JSON.stringify(found));
  assert.ok(found.every((r) => r.join(' ').replace(/ /g, '').includes('3*a+1')));
  await page.fill('#laws-q', 'no-such-law');
  await filter(page, () => page.click('#laws-go'));
  assert.equal(await text(page, '#laws-note'), '0 match.');
  assert.equal((await rows(page)).length, 0);
  assert.deepEqual(page.problems, []);
});

test('a law\'s link opens its family in the sweep tab', async () => {
  const page = await open();
  await page.fill('#laws-q', 'a,2*a+1');
  await filter(page, () => page.click('#laws-go'));
  const link = page.locator('#laws-table tbody tr', { hasText: 'a,2*a+1' })
    .filter({ hasText: 'period = 3*a + 1' }).locator('a.open-sweep').first();
  assert.equal(await link.getAttribute('href'),
    '?family=a%2C2*a%2B1&a=1..60&for=period#sweep');
  const swept = page.waitForResponse((r) => r.url().includes('/api/sweep'));
  await link.click();
  const answer = await (await swept).json();
  await page.waitForSelector('#sweep-result:not([hidden])');
  assert.equal(await page.inputValue('#sweep-family'), 'a,2*a+1');
  assert.equal(await page.inputValue('#sweep-a'), '1..60');
  assert.equal(await page.inputValue('#sweep-b'), '');
  assert.equal(await page.inputValue('#fit-for'), 'period');
  assert.equal(answer.count, 60);
  assert.match(page.url(), /\?family=a%2C2\*a%2B1&a=1\.\.60&for=period#sweep$/);
  // One parameter: the rows, a line each (a, pre-period, period); the
  // law's formula holds on them but at the exception a = 1 (LAWS.md).
  const head = await page.$$eval('#sweep-table thead th', (t) => t.map((x) => x.textContent));
  assert.deepEqual(head, ['a', 'preperiod', 'period']);
  const table = await page.$$eval('#sweep-table tbody tr', (trs) =>
    trs.map((tr) => [...tr.cells].map((c) => Number(c.textContent))));
  assert.equal(table.length, 60);
  for (const [a, , period] of table) {
    assert.equal(period, a === 1 ? 2 : 3 * a + 1, `a=${a}`);
  }
  assert.ok(await page.isHidden('#sweep-heat'));
  // The same address, opened afresh, shows the same sweep.
  const again = await context.newPage();
  const swept2 = again.waitForResponse((r) => r.url().includes('/api/sweep'));
  await again.goto(`${server.url}?family=a%2C2*a%2B1&a=1..60&for=period#sweep`);
  await swept2;
  await again.waitForSelector('#sweep-table tbody tr');
  assert.equal(await again.$$eval('#sweep-table tbody tr', (r) => r.length), 60);
  assert.deepEqual(page.problems, []);
});

/** The record `grundy laws` prints for the two-parameter family {a, b}
 *  (space linear2:2, fitted on 1 <= a < b <= 12, validated to b = 48),
 *  as /api/laws answers a law: with its source (LAWS-GUIDE.md) and the
 *  `grundy sweep --check` command of `grundy_sweep::laws::check_command`. */
function twoParameterRow() {
  const r = cli(['laws', 'linear2:2', '--coefficients', '0..0', '--shifts', '0..0',
    '--fit', '1..12', '--validate', '1..48', '--for', 'period']);
  assert.equal(r.code, 0, r.stderr);
  const record = JSON.parse(r.stdout.trim());
  const params = record.validate.split(', ').map((p) => ` --param '${p}'`).join('');
  const checks = record.laws[0].check.map((c) => ` --check '${c}'`).join('');
  return { ...record, source: 'Benesh et al. (2020)',
    command: `grundy sweep '${record.family}'${params}${checks}` };
}

test('a two-parameter law: both regions shown, its link fills a and b', async () => {
  // The served catalogue has one-parameter families only: the answer of
  // /api/laws is given the record the command prints for {a, b}.
  const row = twoParameterRow();
  assert.equal(row.fit, 'a=1..11, b=a+1..12');
  const page = await context.newPage();
  const problems = [];
  page.on('pageerror', (e) => problems.push(e.message));
  await page.route('**/api/laws*', async (route) => {
    const response = await route.fetch();
    const json = await response.json();
    json.laws = [row];
    json.matched = 1;
    await route.fulfill({ response, json });
  });
  const loaded = page.waitForResponse((r) => r.url().includes('/api/laws'));
  await page.goto(`${server.url}#laws`);
  await loaded;
  await page.waitForSelector('#laws-table tbody tr');
  const [cells] = await rows(page);
  // The family with its fitting region; the law in two pieces; the
  // held-out region, larger in every direction.
  assert.equal(cells[0], 'a,bon a=1..11, b=a+1..12');
  assert.equal(cells[1], 'period');
  assert.equal(cells[2], 'b % (2*a) != a: period = a + bb % (2*a) == a: period = 2*a');
  assert.equal(cells[3], '1062/1062 (a=1..47, b=13..48, b/a up to 48)');
  assert.equal(cells[4], 'Benesh et al. (2020)');
  const link = page.locator('#laws-table a.open-sweep');
  assert.equal(await link.getAttribute('href'),
    '?family=a%2Cb&a=1..11&b=a%2B1..12&for=period#sweep');
  const swept = page.waitForResponse((r) => r.url().includes('/api/sweep'));
  await link.click();
  const answer = await (await swept).json();
  await page.waitForSelector('#sweep-result:not([hidden])');
  assert.equal(await page.inputValue('#sweep-family'), 'a,b');
  assert.equal(await page.inputValue('#sweep-a'), '1..11');
  assert.equal(await page.inputValue('#sweep-b'), 'a+1..12');
  // Every member 1 <= a < b <= 12, as a table of periods: a + b, or 2a
  // when b is an odd multiple of a (B. Benesh et al., INTEGERS 20, 2020).
  assert.equal(answer.count, 66);
  const t = answer.table;
  let seen = 0;
  t.rows.forEach((a, i) => t.cols.forEach((b, j) => {
    const v = t.cells[i][j];
    if (b <= a) {
      assert.equal(v, null, `a=${a}, b=${b}`);
      return;
    }
    assert.equal(v, b % (2 * a) === a ? 2 * a : a + b, `a=${a}, b=${b}`);
    seen += 1;
  }));
  assert.equal(seen, 66);
  assert.ok(await page.isVisible('#sweep-heat'));
  assert.deepEqual(problems, []);
});
