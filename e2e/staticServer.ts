// A plain static file server, as a workshop host would be (no SPA rewrites, no Vite): serves a
// build under a sub-path, gzip-compressed like any real host. Used by the hosted/offline tests
// and the Fast 3G benchmark.
import { createReadStream, statSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize, resolve, sep } from 'node:path';
import { createGzip } from 'node:zlib';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8', '.js': 'text/javascript; charset=utf-8', '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml', '.ttf': 'font/ttf', '.json': 'application/json', '.webmanifest': 'application/manifest+json',
};
const COMPRESSIBLE = new Set(['.html', '.js', '.css', '.svg', '.json', '.ttf']);

export interface StaticSite {
  /** the site's address, ending in the sub-path and a slash */
  url: string;
  close(): Promise<void>;
}

/** One response as sent: the body's bytes on the wire (compressed when it was). */
export interface Sent { path: string; bytes: number }

/** Serves the files of `root` at http://127.0.0.1:<free port><prefix>; anything else is a 404. */
export async function serveStatic(root: string, prefix: string, onSent?: (sent: Sent) => void): Promise<StaticSite> {
  const base = resolve(root);
  const server: Server = createServer((request, response) => {
    const path = decodeURIComponent(new URL(request.url ?? '/', 'http://host').pathname);
    if (!path.startsWith(prefix)) return void response.writeHead(404).end();
    const relative = path.slice(prefix.length) || 'index.html';
    const file = normalize(join(base, relative));
    if (file !== base && !file.startsWith(base + sep)) return void response.writeHead(404).end();
    let size: number;
    let etag: string;
    try {
      const stat = statSync(file);
      if (!stat.isFile()) return void response.writeHead(404).end();
      size = stat.size;
      etag = `"${stat.size.toString(36)}-${stat.mtimeMs.toString(36)}"`;
    } catch {
      return void response.writeHead(404).end();
    }
    // validators, as every static host sends: the browser revalidates instead of downloading again
    if (request.headers['if-none-match'] === etag) return void response.writeHead(304, { etag }).end();
    const ext = extname(file);
    const gzip = COMPRESSIBLE.has(ext) && /\bgzip\b/.test(String(request.headers['accept-encoding'] ?? ''));
    response.writeHead(200, {
      'content-type': TYPES[ext] ?? 'application/octet-stream',
      'cache-control': 'no-cache',
      etag,
      ...(gzip ? { 'content-encoding': 'gzip' } : { 'content-length': String(size) }),
    });
    if (request.method === 'HEAD') return void response.end();
    const body = gzip ? createReadStream(file).pipe(createGzip()) : createReadStream(file);
    let bytes = 0;
    body.on('data', (chunk: Buffer) => { bytes += chunk.length; });
    body.on('end', () => onSent?.({ path: relative, bytes }));
    body.pipe(response);
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}${prefix}`,
    close: () => new Promise((done) => server.close(() => done())),
  };
}
