/**
 * The upload benches' client, run as its own process as a browser is: streams one file from disk in a PUT
 * (node's http, Content-Length set, no buffering of the body) and times it from the first byte sent to the
 * end of the answer, with the CPU time it used. Reads its task from UPLOAD_CLIENT_ARGS, prints one JSON line.
 */
import fs from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import { pipeline } from 'node:stream/promises';

interface UploadArgs {
  url: string;
  method: string;
  file: string;
  headers: Record<string, string>;
}

async function main(): Promise<void> {
  const args = JSON.parse(process.env.UPLOAD_CLIENT_ARGS ?? '{}') as UploadArgs;
  const bytes = fs.statSync(args.file).size;
  const url = new URL(args.url);
  const transport = url.protocol === 'https:' ? https : http;
  const started = performance.now();
  const answered = new Promise<{ status: number; answer: string }>((resolve, reject) => {
    const req = transport.request(
      url,
      { method: args.method, headers: { ...args.headers, 'content-length': String(bytes) } },
      (res) => {
        let answer = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (answer += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, answer }));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    pipeline(fs.createReadStream(args.file, { highWaterMark: 1024 * 1024 }), req).catch(reject);
  });
  const { status, answer } = await answered;
  const ms = performance.now() - started;
  // Its own CPU time, user and system: the bench adds it to the receivers' to see how much of two cores the path takes.
  const cpu = process.cpuUsage();
  process.stdout.write(`${JSON.stringify({ status, bytes, ms, cpuSeconds: (cpu.user + cpu.system) / 1e6, answer })}\n`);
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
