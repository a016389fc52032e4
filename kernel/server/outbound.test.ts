import https from 'node:https';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readConfig } from './config.ts';
import { createOutbound, forbiddenAddress, httpsPoster, OutboundRefused, OutboundTimeout, outboundUrlProblem, type ResolvedAddress } from './outbound.ts';
// The payments providers' contract tests make their HTTPS stand-ins' certificates the same way.
import { selfSignedCertificate } from '../../plugins/payments/server/providers/https-stub.ts';

// The rules of every request the server makes to addresses others gave it (push services,
// affiliate postbacks): https only, public addresses only (DNS asked once, the checked address
// pinned), no redirects followed, a time-out; and the test allowance for a local receiver.

let server: https.Server;
let port = 0;
let cert = '';
const hits: { path: string; method: string; body: string }[] = [];
beforeAll(async () => {
  const pair = selfSignedCertificate();
  cert = pair.cert;
  server = https.createServer({ key: pair.key, cert: pair.cert }, (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      hits.push({ path: req.url ?? '', method: req.method ?? '', body: Buffer.concat(chunks).toString() });
      if (req.url === '/slow') return void setTimeout(() => res.writeHead(200).end(), 1500);
      if (req.url === '/moved') return void res.writeHead(302, { location: `https://127.0.0.1:${port}/target` }).end();
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(async () => {
  server?.closeAllConnections();
  await new Promise((resolve) => server ? server.close(resolve) : resolve(undefined));
});

const dns = new Map<string, ResolvedAddress[]>([
  ['public.example', [{ address: '93.184.215.14', family: 4 }]],
  ['intranet.example', [{ address: '10.0.0.5', family: 4 }]],
  ['metadata.example', [{ address: '169.254.169.254', family: 4 }]],
  ['mixed.example', [{ address: '93.184.215.14', family: 4 }, { address: '192.168.1.20', family: 4 }]],
  ['v6local.example', [{ address: 'fd00::7', family: 6 }]],
  ['loop.example', [{ address: '127.0.0.1', family: 4 }]],
]);
const lookups: string[] = [];
const resolve = async (host: string) => { lookups.push(host); return dns.get(host) ?? []; };
const request = { method: 'POST', headers: { 'content-type': 'text/plain' }, body: Buffer.from('hello') };

describe('outbound: what may be called', () => {
  it('refuses http, credentials in the address, loopback, private, link-local and unique-local targets before sending anything', async () => {
    const sent: string[] = [];
    const out = createOutbound({ resolve, post: async ({ url, address }) => { sent.push(`${url.host} ${address}`); return 200; } });
    for (const url of [
      'http://public.example/x', 'ftp://public.example/x', 'https://user:pw@public.example/x', 'not a url',
      `https://127.0.0.1:${port}/x`, 'https://[::1]/x', 'https://localhost/x', 'https://10.1.2.3/x', 'https://192.168.0.1/x',
      'https://intranet.example/x', 'https://metadata.example/latest/meta-data', 'https://mixed.example/x', 'https://v6local.example/x',
      'https://loop.example/x', 'https://nowhere.example/x',
    ]) {
      await expect(out.send(url, request), url).rejects.toThrow();
    }
    expect(sent).toEqual([]);
    // A public name is called at the address that was checked.
    expect(await out.send('https://public.example/ok', request)).toEqual({ status: 200, address: '93.184.215.14' });
    expect(sent).toEqual(['public.example 93.184.215.14']);
    expect(forbiddenAddress('93.184.215.14')).toBe(false);
  });

  it('says why an address is refused', async () => {
    expect(outboundUrlProblem('http://public.example/')).toBe('must be an https:// address');
    expect(outboundUrlProblem('https://a:b@public.example/')).toBe('must not contain a user name or password');
    expect(outboundUrlProblem('https://public.example/')).toBeNull();
    const out = createOutbound({ resolve, post: async () => 200 });
    await expect(out.send('https://intranet.example/x', request)).rejects.toBeInstanceOf(OutboundRefused);
    await expect(out.send('https://intranet.example/x', request)).rejects.toThrow('intranet.example resolves to the refused address 10.0.0.5');
  });

  it('opens loopback targets only under the test allowance, which production never has', async () => {
    expect(readConfig({ NODE_ENV: 'production', TEST_HOOKS: '1', HOST: '127.0.0.1' }).testHooks).toBe(false);
    expect(readConfig({ TEST_HOOKS: '1', HOST: '0.0.0.0' }).testHooks).toBe(false);
    expect(readConfig({ TEST_HOOKS: '1', HOST: '127.0.0.1' }).testHooks).toBe(true);

    const out = createOutbound({ resolve, testHooks: true, testCa: () => cert });
    expect(await out.send(`https://127.0.0.1:${port}/allowed`, request)).toEqual({ status: 204, address: '127.0.0.1' });
    expect(hits.at(-1)).toEqual({ path: '/allowed', method: 'POST', body: 'hello' });
    expect(outboundUrlProblem(`http://127.0.0.1:${port}/`, { testHooks: true })).toBeNull();
    // Still refused: private and link-local addresses, names that are no loopback name, http elsewhere.
    for (const url of ['https://10.0.0.1/x', 'https://intranet.example/x', 'https://metadata.example/x', 'https://loop.example/x', 'http://public.example/x']) {
      await expect(out.send(url, request), url).rejects.toBeInstanceOf(OutboundRefused);
    }
    // Without the allowance the same receiver is refused.
    await expect(createOutbound({ resolve, testCa: () => cert }).send(`https://127.0.0.1:${port}/allowed`, request)).rejects.toBeInstanceOf(OutboundRefused);
    // The receiver's certificate is trusted only because the allowance names it.
    await expect(createOutbound({ resolve, testHooks: true }).send(`https://127.0.0.1:${port}/x`, request)).rejects.toThrow(/self.signed|certificate/i);
  });

  it('does not follow redirects and gives up after its time-out', async () => {
    const out = createOutbound({ resolve, testHooks: true, testCa: () => cert, post: httpsPoster({ timeoutMs: 300 }) });
    hits.length = 0;
    expect((await out.send(`https://127.0.0.1:${port}/moved`, request)).status).toBe(302);
    expect(hits.map((h) => h.path)).toEqual(['/moved']);
    await expect(out.send(`https://127.0.0.1:${port}/slow`, request)).rejects.toBeInstanceOf(OutboundTimeout);
  });

  it('asks DNS once per request and connects to the checked address only (no second lookup)', async () => {
    lookups.length = 0;
    const seen: string[] = [];
    const out = createOutbound({ resolve, post: async ({ address }) => { seen.push(address); return 200; } });
    await out.send('https://public.example/a', request);
    expect(lookups).toEqual(['public.example']);
    expect(seen).toEqual(['93.184.215.14']);
    // The real poster: a name without DNS here, connected through the pinned address.
    const post = httpsPoster({ ca: cert });
    hits.length = 0;
    const status = await post({ url: new URL(`https://localhost:${port}/pinned`), address: '127.0.0.1', family: 4 }, request);
    expect(status).toBe(204);
    expect(hits.map((h) => h.path)).toEqual(['/pinned']);
  });
});
