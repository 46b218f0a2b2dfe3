// A plain static file server on an ephemeral loopback port: what a course
// site or any file host does, nothing more (no API; an ETag on every file,
// so a revalidation is answered 304; gzip only when asked, as a typical
// host compresses text and WebAssembly).

import { createServer } from 'node:http';
import { readFile, stat } from 'node:fs/promises';
import { extname, join, normalize, sep } from 'node:path';
import { gzipSync } from 'node:zlib';

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.wasm': 'application/wasm',
  '.json': 'application/json',
};

// Serves `dir`; `requests` collects every path asked for, `sent` every
// response's path and body bytes as sent. With `gzip`, bodies go
// gzip-compressed (level 6) to clients that accept it.
export async function startStatic(dir, { gzip = false } = {}) {
  const requests = [];
  const sent = [];
  const server = createServer(async (req, res) => {
    const path = decodeURIComponent(new URL(req.url, 'http://x').pathname);
    requests.push(path);
    const file = normalize(join(dir, path.endsWith('/') ? `${path}index.html` : path));
    if (!file.startsWith(normalize(dir) + sep) && file !== normalize(dir)) {
      res.writeHead(403).end();
      return;
    }
    try {
      const info = await stat(file);
      const etag = `"${info.size}-${Math.floor(info.mtimeMs)}"`;
      if (req.headers['if-none-match'] === etag) {
        res.writeHead(304, { etag, 'cache-control': 'no-cache' }).end();
        sent.push({ path, bytes: 0 });
        return;
      }
      let body = await readFile(file);
      const headers = { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream', 'cache-control': 'no-cache', etag };
      if (gzip && /\bgzip\b/.test(req.headers['accept-encoding'] ?? '')) {
        body = gzipSync(body, { level: 6 });
        headers['content-encoding'] = 'gzip';
      }
      res.writeHead(200, headers);
      res.end(body);
      sent.push({ path, bytes: body.length });
    } catch {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
    }
  });
  await new Promise((ok) => server.listen(0, '127.0.0.1', ok));
  const url = `http://127.0.0.1:${server.address().port}/`;
  return {
    url,
    requests,
    sent,
    stop: () =>
      new Promise((ok) => {
        server.close(ok);
        server.closeAllConnections();
      }),
  };
}
