// A bare node:http server answering every request with the same bytes: the bench's yardstick, run in a
// process of its own as the built server is. Reads a JSON { port, answers: { [path]: { headers (name,
// value, …), body (base64) } } } on stdin; prints "ready" when listening.
import { createServer } from 'node:http'

let input = ''
for await (const chunk of process.stdin) input += chunk
const { port, answers } = JSON.parse(input)
const bodies = new Map(
  Object.entries(answers).map(([path, { headers, body }]) => {
    const bytes = Buffer.from(body, 'base64')
    return [path, { headers, bytes }]
  }),
)
createServer((req, res) => {
  const answer = bodies.get(req.url)
  if (!answer) {
    res.writeHead(404).end()
    return
  }
  res.writeHead(200, answer.headers)
  res.end(answer.bytes)
}).listen(port, '127.0.0.1', () => console.log('ready'))
