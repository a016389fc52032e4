// Contract test: our Twilio adapter against a local HTTPS server answering as Twilio's Messages API
// is documented (twilio.com/docs/messaging/api/message-resource#create-a-message-resource and
// twilio.com/docs/usage/twilios-response#response-formats-exceptions). No database.
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { selfSignedCertificate, startHttpsStub, type HttpsStub, type StubRequest } from '../providers/https-stub.ts';
import { createTwilioSms } from './twilio.ts';

const SID = 'AC0123456789abcdef0123456789abcdef';
const TOKEN = 'f1e2d3c4b5a697887766554433221100';
const PATH = `/2010-04-01/Accounts/${SID}/Messages.json`;

/** Twilio's Messages resource, for the parts the adapter uses. */
function twilioApi(req: StubRequest) {
  if (req.headers.authorization !== `Basic ${Buffer.from(`${SID}:${TOKEN}`).toString('base64')}`) {
    return { status: 401, body: { code: 20003, message: 'Authenticate', more_info: 'https://www.twilio.com/docs/errors/20003', status: 401 } };
  }
  if (req.method !== 'POST' || req.path !== PATH) {
    return { status: 404, body: { code: 20404, message: 'The requested resource was not found', more_info: 'https://www.twilio.com/docs/errors/20404', status: 404 } };
  }
  const form = new URLSearchParams(req.body);
  const to = form.get('To') ?? '';
  if (to === '+15005550001') {
    // Twilio's magic test number for "invalid To".
    return { status: 400, body: { code: 21211, message: `The 'To' number ${to} is not a valid phone number.`, more_info: 'https://www.twilio.com/docs/errors/21211', status: 400 } };
  }
  if (to === '+15005550009') return { status: 500, body: { code: 20500, message: `Internal error (token ${TOKEN})`, status: 500 } };
  return {
    status: 201,
    body: {
      sid: 'SM1f0e8ae6ade43cb3c0ce4525424e404f', account_sid: SID, to, from: form.get('From'), body: form.get('Body'),
      status: 'queued', num_segments: '1', direction: 'outbound-api', api_version: '2010-04-01', price: null, error_code: null,
      uri: `/2010-04-01/Accounts/${SID}/Messages/SM1f0e8ae6ade43cb3c0ce4525424e404f.json`,
    },
  };
}

let stub: HttpsStub;
let redirector: Server;
let redirectorOrigin: string;
const previousTls = process.env.NODE_TLS_REJECT_UNAUTHORIZED;

beforeAll(async () => {
  // Node's global fetch takes no CA of its own without the undici package, and NODE_EXTRA_CA_CERTS
  // is read only when the process starts: accept the per-run self-signed certificate in this test
  // process only (as mollie.test.ts does, restored below), never in product code.
  process.env.NODE_TLS_REJECT_UNAUTHORIZED = '0';
  stub = await startHttpsStub(twilioApi);
  // Answers every request with a redirect to the stub: a client that follows it would reach the stub.
  const { key, cert } = selfSignedCertificate();
  redirector = createServer({ key, cert }, (req, res) => {
    req.resume();
    res.writeHead(307, { location: `${stub.origin}${PATH}` }).end();
  });
  await new Promise<void>((resolve) => redirector.listen(0, '127.0.0.1', resolve));
  redirectorOrigin = `https://127.0.0.1:${(redirector.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await stub.close();
  redirector.closeAllConnections();
  await new Promise<void>((resolve) => redirector.close(() => resolve()));
  if (previousTls === undefined) delete process.env.NODE_TLS_REJECT_UNAUTHORIZED;
  else process.env.NODE_TLS_REJECT_UNAUTHORIZED = previousTls;
});

beforeEach(() => { stub.requests.length = 0; });

const twilio = (options: { from?: string; authToken?: string; apiBase?: string } = {}) =>
  createTwilioSms({ accountSid: SID, authToken: options.authToken ?? TOKEN, from: options.from ?? '+3197010520000', apiBase: options.apiBase ?? stub.origin });

describe('Twilio SMS adapter', () => {
  it('POSTs To, From and Body form-encoded to the account’s Messages resource with basic auth', async () => {
    const sms = twilio();
    expect(sms.name).toBe('twilio');
    await sms.send('+31612345678', '123456 is your Flirtsite code. Never share it & don’t reply.');
    expect(stub.requests).toHaveLength(1);
    const req = stub.requests[0]!;
    expect(req.method).toBe('POST');
    expect(req.path).toBe(PATH);
    expect(req.headers.authorization).toBe(`Basic ${Buffer.from(`${SID}:${TOKEN}`).toString('base64')}`);
    expect(req.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(Object.fromEntries(new URLSearchParams(req.body))).toEqual({
      To: '+31612345678', From: '+3197010520000', Body: '123456 is your Flirtsite code. Never share it & don’t reply.',
    });
  });

  it('sends from an alphanumeric sender id', async () => {
    await twilio({ from: 'Flirtsite' }).send('+4915123456789', 'x');
    expect(new URLSearchParams(stub.requests[0]!.body).get('From')).toBe('Flirtsite');
  });

  it('throws Twilio’s error code and message on a 400', async () => {
    await expect(twilio().send('+15005550001', 'x')).rejects.toThrow(
      "Twilio refused the SMS: HTTP 400, code 21211: The 'To' number +15005550001 is not a valid phone number.",
    );
  });

  it('says when the credentials are wrong, without the token', async () => {
    const error = await twilio({ authToken: 'wrongtoken0000000000000000000000' }).send('+31612345678', 'x').catch((e: Error) => e);
    expect(error).toBeInstanceOf(Error);
    expect((error as Error).message).toBe('Twilio refused the SMS: HTTP 401, code 20003: Authenticate');
    expect((error as Error).message).not.toContain('wrongtoken');
  });

  it('never repeats the token, even if an answer does', async () => {
    const error = (await twilio().send('+15005550009', 'x').catch((e: Error) => e)) as Error;
    expect(error.message).toBe('Twilio refused the SMS: HTTP 500, code 20500: Internal error (token ***)');
  });

  it('does not follow a redirect (the form and the credentials stay put)', async () => {
    const error = (await twilio({ apiBase: redirectorOrigin }).send('+31612345678', 'x').catch((e: Error) => e)) as Error;
    expect(error).toBeInstanceOf(Error);
    expect(error.message).toMatch(/^Twilio could not be reached \(.*redirect/);
    expect(error.message).not.toContain(TOKEN);
    expect(stub.requests).toHaveLength(0);
  });

  it('says when Twilio cannot be reached at all', async () => {
    await expect(twilio({ apiBase: 'https://127.0.0.1:1' }).send('+31612345678', 'x')).rejects.toThrow(/^Twilio could not be reached/);
  });

  it('refuses a number that is not E.164 and an empty or overlong body before calling Twilio', async () => {
    const sms = twilio();
    await expect(sms.send('0612345678', 'x')).rejects.toThrow(/E\.164/);
    await expect(sms.send('+31612345678', '')).rejects.toThrow(/1 to 1600/);
    await expect(sms.send('+31612345678', 'x'.repeat(1601))).rejects.toThrow(/1 to 1600/);
    expect(stub.requests).toHaveLength(0);
  });

  it('refuses a malformed configuration up front', () => {
    expect(() => createTwilioSms({ accountSid: 'AC123/../x', authToken: TOKEN, from: '+3197010520000' })).toThrow(/account SID/);
    expect(() => createTwilioSms({ accountSid: SID, authToken: '', from: '+3197010520000' })).toThrow(/auth token/);
    expect(() => createTwilioSms({ accountSid: SID, authToken: TOKEN, from: 'Flirtsite Dating' })).toThrow(/sender/);
  });
});
