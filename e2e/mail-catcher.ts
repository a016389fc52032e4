// A real local SMTP server for the end-to-end journeys: it receives what the app sends over SMTP and
// lets the tests read the mails over HTTP (GET /messages?to=address, newest last).
import http from 'node:http';
import { SMTPServer } from 'smtp-server';
import { simpleParser } from 'mailparser';

const SMTP_PORT = Number(process.env.E2E_SMTP_PORT ?? 2526);
const HTTP_PORT = Number(process.env.E2E_MAIL_HTTP_PORT ?? 3199);

interface Caught { to: string[]; subject: string; text: string; html: string; headers: Record<string, string>; at: number }
const mails: Caught[] = [];

const smtp = new SMTPServer({
  authOptional: true, disabledCommands: ['STARTTLS'], logger: false,
  onData(stream, session, done) {
    simpleParser(stream).then((m) => {
      mails.push({
        to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
        subject: m.subject ?? '', text: m.text ?? '', html: typeof m.html === 'string' ? m.html : '',
        headers: Object.fromEntries(m.headerLines.map((h) => [h.key, h.line.slice(h.line.indexOf(':') + 1).trim()])),
        at: Date.now(),
      });
      done();
    }, done);
  },
});
smtp.listen(SMTP_PORT, '127.0.0.1');

http.createServer((req, res) => {
  const url = new URL(req.url ?? '/', 'http://localhost');
  if (url.pathname === '/health') return void res.end('ok');
  const to = url.searchParams.get('to')?.toLowerCase();
  res.setHeader('content-type', 'application/json');
  res.end(JSON.stringify(to ? mails.filter((m) => m.to.includes(to)) : mails));
}).listen(HTTP_PORT, '127.0.0.1');
