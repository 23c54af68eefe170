// End-to-end: "Find the formula" in the sweep tab of the real `grundy
// serve`, in headless Chromium. The pieces shown must be those of
// `grundy fit ... --json` for the same family, the command shown must be
// that very command, and errors must read as the CLI's.
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
  await page.goto(server.url);
  await page.waitForSelector('#r-period:not(:empty)');
  return page;
}

async function findFormula(page, family, a, b, key = 'period') {
  await page.fill('#sweep-family', family);
  await page.fill('#sweep-a', a);
  await page.fill('#sweep-b', b);
  await page.selectOption('#fit-for', key);
  const done = page.waitForResponse((r) => r.url().includes('/api/fit'));
  await page.click('#fit-go');
  await done;
  await page.waitForFunction(() => !document.getElementById('fit-go').disabled);
}

const text = (page, sel) => page.textContent(sel).then((t) => t.trim());

function fitCli(family, a, b, key) {
  const r = cli(['fit', family, '--param', `a=${a}`, '--param', `b=${b}`,
    '--for', key, '--json']);
  return { code: r.code, report: r.stdout ? JSON.parse(r.stdout) : null, stderr: r.stderr };
}

// Source: K. Suetsugu, T. Abuku, All-but Nim with FES sets of size 4,
// Lemma 7 and Conjecture 3: X = {a, b, a+b, 2a+b} over the range the paper
// checked (1 <= a <= 30, 2a+1 <= b <= 2a+30). The page shows the law
// `grundy fit` finds: 3a + 2b - (b mod 2a) when b mod 2a <= a, else
// a(a + 2b + (b mod 2a))/gcd(a, b).
test('find the formula of the paper\'s family, as the CLI does', async () => {
  const page = await open();
  const [family, a, b] = ['all-but:a,b,a+b,2*a+b', '1..30', '2*a+1..2*a+30'];
  await findFormula(page, family, a, b);
  await page.waitForSelector('#fit-result:not([hidden])');
  const want = fitCli(family, a, b, 'period');
  assert.equal(want.code, 0, want.stderr);
  assert.deepEqual(want.report.pieces.map((p) => [p.when, p.formula]), [
    ['b % (2*a) <= a', '3*a + 2*b - b % (2*a)'],
    ['b % (2*a) > a', '(a*a + 2*a*b + a*(b % (2*a)))/gcd(a, b)'],
  ]);
  const shown = await page.$$eval('#fit-pieces li', (lis) => lis.map((li) => ({
    formula: li.querySelector('code.formula').textContent,
    when: li.querySelector('code.when').textContent,
    evidence: li.querySelector('.evidence').textContent.trim(),
  })));
  assert.deepEqual(shown, want.report.pieces.map((p) => ({
    formula: `period = ${p.formula}`,
    when: p.when,
    evidence: `${p.rows} rows, ${p.confirming} confirming`,
  })));
  assert.equal(await text(page, '#fit-verdict'),
    'A law in 2 pieces (the first whose condition holds):');
  assert.equal(await text(page, '#fit-exceptions'), 'Exceptions: none.');
  assert.equal(await text(page, '#fit-note'), '(period, from 900 sets, 900 with a value)');
  assert.equal(await text(page, '#fit-command'),
    "grundy fit 'all-but:a,b,a+b,2*a+b' --param 'a=1..30' --param 'b=2*a+1..2*a+30' --for period");
  // Long formulas wrap on a phone screen.
  const [scroll, width] = await page.evaluate(() =>
    [document.documentElement.scrollWidth, window.innerWidth]);
  assert.ok(scroll <= width, `page is ${scroll} px wide on a ${width} px screen`);
  assert.deepEqual(page.problems, []);
});

// Source: S = {a, a+2}: period 2a + 2, except a = 1, where b = 3a is an
// odd multiple of a and the period is 2a = 2 (Berlekamp, Conway, Guy,
// Winning Ways, ch. 4; the learners' question of muzudho's notes on the
// 31 game). One formula, one exception listed.
test('one formula with its exception, and another key', async () => {
  const page = await open();
  await findFormula(page, 'a,b', '1..40', 'a+2..a+2');
  await page.waitForSelector('#fit-result:not([hidden])');
  assert.equal(await text(page, '#fit-verdict'), 'One formula for every row:');
  assert.deepEqual(await page.$$eval('#fit-pieces li code', (c) => c.map((x) => x.textContent)),
    ['period = 2*a + 2']);
  assert.equal(await text(page, '#fit-exceptions'), 'Exceptions: 1 row no piece explains:');
  assert.deepEqual(await page.$$eval('#fit-exception-list li', (l) => l.map((x) => x.textContent)),
    ['a=1, b=3: period 2']);
  await findFormula(page, 'a,b', '1..40', 'a+2..a+2', 'preperiod');
  assert.deepEqual(await page.$$eval('#fit-pieces li code', (c) => c.map((x) => x.textContent)),
    ['preperiod = 0']);
});

test('no simple law is said plainly', async () => {
  const page = await open();
  const [family, a, b] = ['a,b,2*a+b+1', '1..12', '1..12'];
  await findFormula(page, family, a, b);
  await page.waitForSelector('#fit-result:not([hidden])');
  const want = fitCli(family, a, b, 'period');
  assert.equal(want.code, 1);
  assert.deepEqual(want.report.pieces, []);
  assert.match(await text(page, '#fit-verdict'), /^No simple law: /);
  assert.equal(await page.$$eval('#fit-pieces li', (l) => l.length), 0);
});

test('errors show next to the field in the CLI words', async () => {
  const page = await open();
  await findFormula(page, 'a,b', '1..5', 'a+1..z');
  await page.waitForSelector('#sweep-b-error:not([hidden])');
  assert.match(await text(page, '#sweep-b-error'), /"z"/);
  assert.equal(await page.getAttribute('#sweep-b', 'aria-invalid'), 'true');
  assert.ok(await page.isHidden('#fit-result'));
  // A family of one set: nothing to fit.
  await findFormula(page, 'a,b', '1..1', '2..2');
  await page.waitForSelector('#sweep-family-error:not([hidden])');
  const words = fitCli('a,b', '1..1', '2..2', 'period').stderr.trim().replace(/^grundy: /, '');
  assert.equal(await text(page, '#sweep-family-error'), words);
  // Fixing it clears the errors.
  await findFormula(page, 'a,b', '1..20', 'a+1..a+30');
  await page.waitForSelector('#fit-result:not([hidden])');
  assert.ok(await page.isHidden('#sweep-family-error'));
  assert.ok(await page.isHidden('#sweep-b-error'));
});
