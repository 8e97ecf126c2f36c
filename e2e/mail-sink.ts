import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import path from 'node:path';

/**
 * A minimal SMTP server for the e2e run (SMTP_URL points at it): every message the server sends is written to
 * E2E_MAIL_DIR as `<n>.eml`, so a test can follow a link in an e-mail (an invitation) as a person would. It
 * speaks just enough SMTP for nodemailer: no TLS, no authentication.
 */
export async function startMailSink(port: number, dir: string): Promise<() => Promise<void>> {
  mkdirSync(dir, { recursive: true });
  let count = 0;
  const server: Server = createServer((socket) => {
    let buffer = '';
    let inData = false;
    let recipients: string[] = [];
    const reply = (line: string) => socket.write(`${line}\r\n`);
    reply('220 e2e-mail-sink ESMTP');
    socket.on('data', (chunk) => {
      buffer += chunk.toString('utf8');
      for (;;) {
        if (inData) {
          const end = buffer.indexOf('\r\n.\r\n');
          if (end === -1) return;
          const message = buffer.slice(0, end);
          buffer = buffer.slice(end + 5);
          inData = false;
          count += 1;
          writeFileSync(
            path.join(dir, `${Date.now()}-${count}.eml`),
            `X-Rcpt: ${recipients.join(',')}\r\n${message}`,
          );
          recipients = [];
          reply('250 OK');
          continue;
        }
        const newline = buffer.indexOf('\r\n');
        if (newline === -1) return;
        const line = buffer.slice(0, newline);
        buffer = buffer.slice(newline + 2);
        const command = line.slice(0, 4).toUpperCase();
        if (command === 'EHLO' || command === 'HELO') reply('250 e2e-mail-sink');
        else if (command === 'RCPT') {
          recipients.push(line.replace(/^RCPT TO:\s*<?([^>]*)>?.*$/i, '$1').toLowerCase());
          reply('250 OK');
        } else if (command === 'DATA') {
          inData = true;
          reply('354 End data with <CR><LF>.<CR><LF>');
        } else if (command === 'QUIT') {
          reply('221 Bye');
          socket.end();
        } else reply('250 OK');
      }
    });
    socket.on('error', () => undefined);
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return () => new Promise<void>((resolve) => server.close(() => resolve()));
}

/** Undoes quoted-printable soft line breaks and escapes (long lines such as links are wrapped by them). */
function decodeQuotedPrintable(text: string): string {
  return text
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

/** The first link of the newest e-mail to `to` in the sink's folder, or undefined. */
export function linkInMailTo(dir: string, to: string): string | undefined {
  const files = readdirSync(dir)
    .filter((name) => name.endsWith('.eml'))
    .sort((a, b) => Number(b.split('-')[0]) - Number(a.split('-')[0]) || b.localeCompare(a));
  for (const name of files) {
    const raw = readFileSync(path.join(dir, name), 'utf8');
    const rcpt = raw.slice(0, raw.indexOf('\r\n')).replace('X-Rcpt: ', '').split(',');
    if (!rcpt.includes(to.toLowerCase())) continue;
    const text = /quoted-printable/i.test(raw) ? decodeQuotedPrintable(raw) : raw;
    return text.match(/https?:\/\/[^\s"<>]+/)?.[0];
  }
  return undefined;
}
