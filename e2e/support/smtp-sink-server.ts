// A real SMTP peer for the browser tests: SMTP on SMTP_PORT, and the mails it received as JSON on
// HTTP_PORT (GET /mails?to=address), so a test can open the links of the mail it caused.
import { createServer } from 'node:http'
import { startSmtpSink } from '../../src/test/smtp-sink'

const smtpPort = Number(process.env.SMTP_PORT ?? 2526)
const httpPort = Number(process.env.HTTP_PORT ?? 2527)

const sink = await startSmtpSink(smtpPort)
createServer((req, res) => {
  const url = new URL(req.url ?? '/', 'http://localhost')
  if (url.pathname === '/health') return res.end('ok')
  if (url.pathname === '/mails') {
    const to = url.searchParams.get('to')?.toLowerCase()
    res.setHeader('content-type', 'application/json')
    return res.end(JSON.stringify(sink.mails.filter((m) => !to || m.to.toLowerCase() === to)))
  }
  res.statusCode = 404
  res.end()
}).listen(httpPort, '127.0.0.1')
console.log(`SMTP sink on smtp://127.0.0.1:${smtpPort}, mails at http://127.0.0.1:${httpPort}/mails`)
