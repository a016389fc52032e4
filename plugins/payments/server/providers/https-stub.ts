// Test helper: a local HTTPS server that plays a PSP's API for the providers' contract tests.
// The certificate is self-signed, made with the openssl CLI per run (Node 20 has no generator).
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import type { IncomingHttpHeaders } from 'node:http';
import { createServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface StubRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: IncomingHttpHeaders;
  body: string;
}
export interface StubAnswer {
  status?: number;
  body: unknown;
}
export type StubHandler = (req: StubRequest) => StubAnswer;

export interface HttpsStub {
  /** https://127.0.0.1:<port> */
  origin: string;
  port: number;
  /** The self-signed certificate (PEM), for clients that take a CA. */
  cert: string;
  /** Every request received, in order. */
  requests: StubRequest[];
  close(): Promise<void>;
}

export function selfSignedCertificate(): { key: string; cert: string } {
  const dir = mkdtempSync(join(tmpdir(), 'psp-stub-'));
  try {
    execFileSync('openssl', [
      'req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-days', '1',
      '-subj', '/CN=localhost', '-addext', 'subjectAltName=DNS:localhost,IP:127.0.0.1',
      '-keyout', join(dir, 'key.pem'), '-out', join(dir, 'cert.pem'),
    ], { stdio: 'ignore' });
    return { key: readFileSync(join(dir, 'key.pem'), 'utf8'), cert: readFileSync(join(dir, 'cert.pem'), 'utf8') };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export async function startHttpsStub(handler: StubHandler): Promise<HttpsStub> {
  const { key, cert } = selfSignedCertificate();
  const requests: StubRequest[] = [];
  const server = createServer({ key, cert }, (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'https://stub');
      const request: StubRequest = {
        method: req.method ?? 'GET', path: url.pathname, query: url.searchParams, headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      };
      requests.push(request);
      let answer: StubAnswer;
      try {
        answer = handler(request);
      } catch (error) {
        answer = { status: 500, body: { error: String(error) } };
      }
      res.writeHead(answer.status ?? 200, { 'content-type': 'application/json' });
      res.end(JSON.stringify(answer.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `https://127.0.0.1:${port}`, port, cert, requests,
    close: () => new Promise<void>((resolve) => { server.closeAllConnections(); server.close(() => resolve()); }),
  };
}
