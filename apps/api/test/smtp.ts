import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export type TestSmtp = { url: string; received: ParsedMail[]; waitFor: (count: number, ms?: number) => Promise<ParsedMail[]>; close: () => Promise<void> };

/**
 * A real SMTP server on 127.0.0.1 (on `port`, or any free one) that keeps what it receives;
 * `delayMs` makes it take that long to accept each message, like a slow mail provider.
 */
export async function startTestSmtp(port = 0, { delayMs = 0 }: { delayMs?: number } = {}): Promise<TestSmtp> {
  const received: ParsedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    allowInsecureAuth: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onAuth: (_auth, _session, callback) => callback(null, { user: 'test' }),
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then(async (mail) => {
          if (delayMs > 0) await new Promise((resolve) => setTimeout(resolve, delayMs));
          received.push(mail);
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const address = server.server.address();
  const listening = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `smtp://test:secret@127.0.0.1:${listening}`,
    received,
    waitFor: async (count, ms = 10_000) => {
      const deadline = Date.now() + ms;
      while (received.length < count && Date.now() < deadline) await new Promise((r) => setTimeout(r, 25));
      return received;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
