import type { FastifyInstance } from 'fastify';
import type { Serve } from '../../../../kernel/server/endpoints.ts';
import { testCheckoutChoose, testCheckoutPage } from '../../contract.ts';
import { TEST_OUTCOMES, type TestOutcome, type TestProvider } from './test.ts';

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const LABELS: Record<TestOutcome, string> = {
  paid: 'Paid', failed: 'Failed', canceled: 'Cancelled', expired: 'Expired', pending_paid: 'Pending, then paid',
};

/** The hosted checkout page of the test provider: what a real PSP's payment page is in test mode. */
export function checkoutPage(p: { id: string; secret: string; amount: number; currency: string; method: string; description: string }): string {
  const amount = new Intl.NumberFormat('en', { style: 'currency', currency: p.currency }).format(p.amount / 100);
  const buttons = TEST_OUTCOMES.map((o) => `<button type="submit" name="outcome" value="${o}">${esc(LABELS[o])}</button>`).join('\n      ');
  return `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>Test payment</title>
  <style>
    body { font-family: system-ui, sans-serif; max-width: 28rem; margin: 3rem auto; padding: 0 1rem; color: #222; }
    .note { background: #fff3cd; padding: .5rem .75rem; border-radius: .25rem; }
    form { display: grid; gap: .5rem; margin-top: 1.5rem; }
    button { font: inherit; padding: .75rem; border: 1px solid #888; border-radius: .25rem; background: #f6f6f6; cursor: pointer; }
    button[value="paid"] { background: #1a7f37; color: #fff; border-color: #1a7f37; }
  </style>
</head>
<body>
  <main>
    <h1>Test payment</h1>
    <p class="note">Test mode: no money is moved. Choose what happens to this payment.</p>
    <dl>
      <dt>Description</dt><dd>${esc(p.description)}</dd>
      <dt>Amount</dt><dd>${esc(amount)}</dd>
      <dt>Method</dt><dd>${esc(p.method)}</dd>
    </dl>
    <form method="post" action="${testCheckoutChoose.path}">
      <input type="hidden" name="payment" value="${esc(p.id)}">
      <input type="hidden" name="secret" value="${esc(p.secret)}">
      ${buttons}
    </form>
  </main>
</body>
</html>`;
}

const PAGE_HEADERS = {
  'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'; base-uri 'none'",
  'Cache-Control': 'no-store',
};

/**
 * GET /api/test-checkout.php?payment=<id>: the page. POST (a plain form, hence no client header):
 * records the choice at the "PSP" when it carries the page's per-payment secret, sends the webhook
 * a moment later, and takes the payer back to the site (/transactions/<our id>).
 */
export function testCheckoutRoutes(app: FastifyInstance, serve: Serve, provider: TestProvider) {
  app.register(async (scope) => {
    scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 4096 }, (_req, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(String(body))));
    });

    serve(scope, testCheckoutPage, async (req, reply) => {
      const p = provider.payment(req.query.payment);
      reply.headers(PAGE_HEADERS).type('text/html; charset=utf-8');
      // A direct debit has no checkout page (no redirect, nothing for the payer to choose).
      if (!p || p.debit) return reply.status(404).send('<!doctype html><title>Unknown payment</title><p>This test payment does not exist.</p>');
      if (p.decided) return reply.redirect(p.returnUrl, 303);
      return checkoutPage(p);
    });

    serve(scope, testCheckoutChoose, async (req, reply) => {
      const body = req.body;
      const chosen = provider.choose(body.payment, body.secret, body.outcome);
      if (!chosen) {
        return reply.status(403).headers(PAGE_HEADERS).type('text/html; charset=utf-8')
          .send('<!doctype html><title>Refused</title><p>This payment page is not valid (anymore).</p>');
      }
      return reply.redirect(chosen.returnUrl, 303);
    });
  });
}
