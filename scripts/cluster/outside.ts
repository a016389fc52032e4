// The world outside the cluster, each played by a local server in the test process: the mail server
// (SMTP), an affiliate network receiving postbacks (HTTP), and the payment provider Mollie (HTTPS, its
// v2 API for the parts the adapter uses). Each records what it got, so the test can count that every
// due job ran once in the cluster.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { simpleParser } from 'mailparser';
import { startHttpsStub, type StubRequest } from '../../plugins/payments/server/providers/https-stub.ts';
import { atCleanup } from './cleanup.ts';

export interface CaughtMail { to: string; subject: string; text: string; messageId: string; at: number }

/** An SMTP server that keeps every mail it is given. */
export async function startMailServer() {
  const mails: CaughtMail[] = [];
  const waiters = new Set<() => void>();
  const server = new SMTPServer({
    authOptional: true, disabledCommands: ['STARTTLS'], logger: false, maxClients: 200,
    onData(stream, session, done) {
      simpleParser(stream).then((m) => {
        for (const r of session.envelope.rcptTo) {
          mails.push({ to: r.address.toLowerCase(), subject: m.subject ?? '', text: m.text ?? '', messageId: m.messageId ?? '', at: Date.now() });
        }
        for (const w of waiters) w();
        done();
      }, done);
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  atCleanup('stop the mail server', () => new Promise<void>((resolve) => server.close(() => resolve())));
  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    /** Mails to this address (newest last). */
    to: (address: string) => mails.filter((m) => m.to === address.toLowerCase()),
    /** Waits until `pred` holds for the mails so far. */
    async until(pred: (all: CaughtMail[]) => boolean, timeoutMs: number, what: string) {
      if (pred(mails)) return;
      await new Promise<void>((resolve, reject) => {
        const check = () => { if (pred(mails)) { waiters.delete(check); clearTimeout(timer); resolve(); } };
        const timer = setTimeout(() => { waiters.delete(check); reject(new Error(`mail: ${what} not within ${timeoutMs} ms`)); }, timeoutMs);
        waiters.add(check);
      });
    },
  };
}
export type MailServer = Awaited<ReturnType<typeof startMailServer>>;

export interface CaughtPostback { method: string; url: string; payoutId: string; event: string; at: number }

/** An affiliate network's postback endpoint: answers 200 and keeps each call. */
export async function startPostbackReceiver() {
  const calls: CaughtPostback[] = [];
  const server = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      calls.push({
        method: req.method ?? '', url: req.url ?? '', at: Date.now(),
        payoutId: String(req.headers['idempotency-key'] ?? ''), event: String(req.headers['x-postback-event'] ?? ''),
      });
      res.writeHead(200, { 'content-type': 'text/plain' }).end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  atCleanup('stop the postback receiver', () => new Promise<void>((resolve) => { server.closeAllConnections(); server.close(() => resolve()); }));
  return { origin: `http://127.0.0.1:${port}`, calls };
}

type Json = Record<string, unknown>;
export const MOLLIE_KEY = 'test_clusterClusterClusterClusterCl';

/** Mollie's payments API (create and get, as documented at docs.mollie.com), with a switch for the payer's choice. */
export async function startMollie() {
  const payments = new Map<string, Json>();
  let next = 0;
  const links = (id: string, status: string) => ({
    self: { href: `https://api.mollie.com/v2/payments/${id}`, type: 'application/hal+json' },
    ...(status === 'open' ? { checkout: { href: `https://www.mollie.com/checkout/select-method/${id}`, type: 'text/html' } } : {}),
  });
  const handler = (req: StubRequest) => {
    if (req.headers.authorization !== `Bearer ${MOLLIE_KEY}`) return { status: 401, body: { status: 401, title: 'Unauthorized Request', detail: 'Missing authentication', _links: {} } };
    if (req.method === 'POST' && req.path === '/v2/payments') {
      const input = JSON.parse(req.body) as Json;
      const id = `tr_cluster${++next}x`;
      const payment: Json = {
        resource: 'payment', id, mode: 'test', createdAt: new Date().toISOString(), amount: input.amount, description: input.description,
        method: input.method, metadata: input.metadata, status: 'open', isCancelable: false, expiresAt: new Date(Date.now() + 900_000).toISOString(),
        details: null, locale: input.locale ?? null, profileId: 'pfl_cluster', sequenceType: 'oneoff',
        redirectUrl: input.redirectUrl, webhookUrl: input.webhookUrl,
      };
      payments.set(id, payment);
      return { status: 201, body: { ...payment, _links: links(id, 'open') } };
    }
    const get = /^\/v2\/payments\/(tr_\w+)$/.exec(req.path);
    if (req.method === 'GET' && get) {
      const p = payments.get(get[1]);
      if (!p) return { status: 404, body: { status: 404, title: 'Not Found', detail: 'No payment exists with token.', _links: {} } };
      return { body: { ...p, ...(p.status === 'paid' ? { paidAt: new Date().toISOString() } : {}), _links: links(get[1], String(p.status)) } };
    }
    return { status: 404, body: { status: 404, title: 'Not Found', detail: 'Unknown route', _links: {} } };
  };
  const stub = await startHttpsStub(handler);
  atCleanup('stop the Mollie stand-in', () => stub.close());
  return {
    /** MOLLIE_API_ENDPOINT for the instances. */
    endpoint: `${stub.origin}/v2/`,
    requests: stub.requests,
    /** The payer paid (what Mollie then reports when asked). */
    pay(id: string) {
      const p = payments.get(id);
      if (!p) throw new Error(`no Mollie payment ${id}`);
      p.status = 'paid';
    },
    /** Mollie's id of the payment whose checkout this URL is. */
    idOf: (checkoutUrl: string) => /\/(tr_\w+)$/.exec(new URL(checkoutUrl).pathname)?.[1] ?? null,
  };
}
