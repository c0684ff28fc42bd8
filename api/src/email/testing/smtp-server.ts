import net from 'node:net';

export interface ReceivedMail {
  from: string;
  to: string[];
  /** The raw message after DATA (dot-stuffing undone). */
  data: string;
  headers: Record<string, string>;
  /** The decoded plain-text body. */
  text: string;
  auth: { user: string; password: string } | null;
}

/**
 * A local fake of an SMTP relay for the tests: speaks enough RFC 5321 for one message per connection
 * (EHLO, AUTH PLAIN, MAIL, RCPT, DATA, QUIT) and keeps what it received. `requireAuth` refuses MAIL
 * before a good AUTH; `rejectRecipient` answers 550 to that RCPT.
 */
export async function startFakeSmtpServer(
  options: { requireAuth?: { user: string; password: string }; rejectRecipient?: string } = {},
) {
  const received: ReceivedMail[] = [];
  const server = net.createServer((socket) => {
    socket.setEncoding('utf8');
    let buffer = '';
    let inData = false;
    let dataLines: string[] = [];
    let from = '';
    let to: string[] = [];
    let auth: ReceivedMail['auth'] = null;
    const reply = (line: string) => socket.write(`${line}\r\n`);
    reply('220 fake-smtp ready');
    socket.on('data', (chunk: string) => {
      buffer += chunk;
      let end;
      while ((end = buffer.indexOf('\r\n')) >= 0) {
        const line = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        if (inData) {
          if (line === '.') {
            inData = false;
            const data = dataLines.map((l) => (l.startsWith('..') ? l.slice(1) : l)).join('\r\n');
            const [head = '', body = ''] = data.split('\r\n\r\n');
            const headers = Object.fromEntries(
              head
                .split('\r\n')
                .map((h) => [h.slice(0, h.indexOf(':')).toLowerCase(), h.slice(h.indexOf(':') + 1).trim()]),
            );
            const text =
              headers['content-transfer-encoding'] === 'base64'
                ? Buffer.from(body.replace(/\r\n/g, ''), 'base64').toString('utf8')
                : body;
            received.push({ from, to, data, headers, text, auth });
            dataLines = [];
            reply('250 queued');
          } else dataLines.push(line);
          continue;
        }
        const verb = line.split(' ')[0]?.toUpperCase() ?? '';
        if (verb === 'EHLO') {
          socket.write('250-fake-smtp\r\n250-AUTH PLAIN\r\n250 8BITMIME\r\n');
        } else if (verb === 'AUTH') {
          const [, user = '', password = ''] = Buffer.from(line.split(' ')[2] ?? '', 'base64')
            .toString('utf8')
            .split('\u0000');
          const wanted = options.requireAuth;
          if (wanted && (wanted.user !== user || wanted.password !== password)) reply('535 authentication failed');
          else {
            auth = { user, password };
            reply('235 ok');
          }
        } else if (verb === 'MAIL') {
          if (options.requireAuth && !auth) reply('530 authentication required');
          else {
            from = /<([^>]*)>/.exec(line)?.[1] ?? '';
            to = [];
            reply('250 ok');
          }
        } else if (verb === 'RCPT') {
          const rcpt = /<([^>]*)>/.exec(line)?.[1] ?? '';
          if (rcpt === options.rejectRecipient) reply('550 no such user');
          else {
            to.push(rcpt);
            reply('250 ok');
          }
        } else if (verb === 'DATA') {
          inData = true;
          reply('354 go ahead');
        } else if (verb === 'QUIT') {
          reply('221 bye');
          socket.end();
        } else reply('502 not implemented');
      }
    });
    socket.on('error', () => undefined);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as net.AddressInfo).port;
  return {
    port,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
