/**
 * The request-path bench's reference line: a bare node:http server, in its own process, that reads the session
 * cookie and answers the body GET /api/user/me answered, and nothing else. What a node process on this machine
 * serves at best; the gateway and the services are measured against it. Reads REFERENCE_SERVER_ARGS, prints
 * its port as one JSON line.
 */
import http from 'node:http';

interface ReferenceArgs {
  cookieName: string;
  body: string;
}

const args = JSON.parse(process.env.REFERENCE_SERVER_ARGS ?? '{}') as ReferenceArgs;
const body = Buffer.from(args.body);
const unauthorized = Buffer.from(JSON.stringify({ error: 'Authentication required' }));

function sessionToken(header: string | undefined): string | undefined {
  for (const part of (header ?? '').split(';')) {
    const [name, ...value] = part.trim().split('=');
    if (name === args.cookieName) return value.join('=');
  }
  return undefined;
}

const server = http.createServer((req, res) => {
  const ok = req.url === '/api/user/me' && Boolean(sessionToken(req.headers.cookie));
  const answer = ok ? body : unauthorized;
  res.writeHead(ok ? 200 : 401, { 'content-type': 'application/json; charset=utf-8', 'content-length': answer.length });
  res.end(answer);
});

server.listen(0, '127.0.0.1', () => {
  const address = server.address();
  process.stdout.write(`${JSON.stringify({ port: typeof address === 'object' && address ? address.port : 0 })}\n`);
});
process.on('SIGTERM', () => {
  server.close(() => process.exit(0));
  server.closeAllConnections();
});
