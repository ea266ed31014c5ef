import { type ParsedMail, simpleParser } from 'mailparser'
import { SMTPServer } from 'smtp-server'

export interface ReceivedMail {
  messageId: string
  to: string
  subject: string
  html: string
  text: string
  headers: Record<string, string>
  receivedAt: string
}

function toReceived(parsed: ParsedMail): ReceivedMail {
  const headers: Record<string, string> = {}
  for (const line of parsed.headerLines)
    headers[line.key] = line.line.slice(line.line.indexOf(':') + 1).trim()
  const to = Array.isArray(parsed.to) ? parsed.to[0] : parsed.to
  return {
    messageId: parsed.messageId ?? '',
    to: to?.value[0]?.address ?? '',
    subject: parsed.subject ?? '',
    html: typeof parsed.html === 'string' ? parsed.html : '',
    text: parsed.text ?? '',
    headers,
    receivedAt: new Date().toISOString(),
  }
}

/** A real SMTP peer for tests: accepts every mail (no TLS, no auth) and keeps it parsed in memory. */
export async function startSmtpSink(
  port = 0,
): Promise<{ port: number; url: string; mails: ReceivedMail[]; close(): Promise<void> }> {
  const mails: ReceivedMail[] = []
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((parsed) => {
          mails.push(toReceived(parsed))
          callback()
        })
        .catch(callback)
    },
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(port, '127.0.0.1', () => resolve())
  })
  const address = server.server.address()
  const actualPort = typeof address === 'object' && address ? address.port : port
  return {
    port: actualPort,
    url: `smtp://127.0.0.1:${actualPort}`,
    mails,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  }
}
