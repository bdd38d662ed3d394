import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createTestApp, type Reply, type TestContext } from '../../helper.js';

/** The two storage backends every file test runs on (docs/files.md#storage-file_storage: identical behaviour). */
export const BACKENDS = ['db', 'fs'] as const;
export type Backend = (typeof BACKENDS)[number];

export interface FileTestContext extends TestContext {
  backend: Backend;
  /** Stored blobs, temporary content excluded (docs/files.md#lifecycle). */
  blobs(): Promise<number>;
}

export async function createFileTestApp(backend: Backend, env: Record<string, string> = {}): Promise<FileTestContext> {
  const dir = backend === 'fs' ? mkdtempSync(join(tmpdir(), 'transdesk-files-')) : undefined;
  const t = await createTestApp({ FILE_STORAGE: dir ? `fs:${dir}` : 'db', ...env });
  return {
    ...t,
    backend,
    blobs: () => t.app.storage.count(),
    async close() {
      await t.close();
      if (dir) rmSync(dir, { recursive: true, force: true });
    },
  };
}

export interface Part {
  name: string;
  filename?: string;
  content: string | Buffer;
  type?: string;
}

export const BOUNDARY = '----transdeskBoundary7MA4YWxkTrZu0gW';

/** A multipart/form-data body written by hand (RFC 7578). */
export function multipartBody(parts: Part[], { close = true }: { close?: boolean } = {}): Buffer {
  const chunks: Buffer[] = [];
  for (const part of parts) {
    let head = `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${part.name}"`;
    if (part.filename !== undefined) head += `; filename="${part.filename}"`;
    head += '\r\n';
    if (part.filename !== undefined || part.type) head += `Content-Type: ${part.type ?? 'application/octet-stream'}\r\n`;
    chunks.push(Buffer.from(`${head}\r\n`, 'utf8'), Buffer.isBuffer(part.content) ? part.content : Buffer.from(part.content, 'utf8'), Buffer.from('\r\n'));
  }
  if (close) chunks.push(Buffer.from(`--${BOUNDARY}--\r\n`));
  return Buffer.concat(chunks);
}

export function basic(apiKey: string): string {
  return `Basic ${Buffer.from(`${apiKey}:`).toString('base64')}`;
}

/** POSTs a multipart body (or any raw body) with the given key. */
export async function upload(
  t: TestContext,
  url: string,
  parts: Part[] | Buffer,
  options: { apiKey?: string; contentType?: string; close?: boolean } = {},
): Promise<Reply> {
  const payload = Buffer.isBuffer(parts) ? parts : multipartBody(parts, { close: options.close });
  const raw = await t.app.inject({
    method: 'POST',
    url,
    headers: { authorization: basic(options.apiKey ?? t.account.apiKey), 'content-type': options.contentType ?? `multipart/form-data; boundary=${BOUNDARY}` },
    payload,
  });
  const isJson = String(raw.headers['content-type'] ?? '').includes('json') && raw.body.length > 0;
  return { status: raw.statusCode, body: isJson ? JSON.parse(raw.body) : raw.body, headers: raw.headers, raw };
}

/** Uploads one file in the field `file`. */
export function uploadFile(t: TestContext, base: string, name: string, content: string | Buffer, apiKey?: string): Promise<Reply> {
  return upload(t, `${base}/files/upload`, [{ name: 'file', filename: name, content }], { apiKey });
}

/** A raw GET/HEAD of a download, with extra headers. */
export async function download(t: TestContext, url: string, headers: Record<string, string> = {}, method: 'GET' | 'HEAD' = 'GET') {
  return t.app.inject({ method, url, headers: { authorization: basic(t.account.apiKey), ...headers } });
}
