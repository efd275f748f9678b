import { existsSync } from 'node:fs';
import { definePlugin, definePluginErrors, type UploadedFile } from '@balcao/sdk';
import { createTestHost, type TestHost } from '@balcao/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';

// The SDK's multipart door (`ctx.state.readUpload`): one parser, core's limits, for every plugin upload route.
const doorErrors = definePluginErrors('upload-door-test', { ERR_SHEET_TOO_LARGE: 413 });

const describeFiles = async (files: UploadedFile[]) =>
  Promise.all(
    files.map(async (f) => ({
      path: f.path,
      fileName: f.fileName,
      mimeType: f.mimeType,
      size: f.size,
      text: new TextDecoder().decode(await f.read()),
    })),
  );

const caption = z.object({ caption: z.string().max(10).optional() });

const plugin = definePlugin({
  name: 'upload-door-test',
  errors: doorErrors,
  routes(router) {
    router.post('/upload-door/texts', async (ctx) => {
      const { fields, files } = await ctx.state.readUpload({
        field: 'file',
        maxFiles: 2,
        maxBytes: 1024,
        types: ['text/*', 'application/pdf'],
        fields: caption,
      });
      ctx.body = { caption: fields.caption ?? null, files: await describeFiles(files) };
    });
    router.post('/upload-door/many', async (ctx) => {
      const { files } = await ctx.state.readUpload({ field: 'file', maxFiles: 5 });
      ctx.body = { files: files.map((f) => ({ fileName: f.fileName, size: f.size })) };
    });
    router.post('/upload-door/twice', async (ctx) => {
      await ctx.state.readUpload({ field: 'file' });
      ctx.body = await ctx.state
        .readUpload({ field: 'file' })
        .catch((err: Error) => ({ refused: err.message }));
    });
    router.post('/upload-door/sheet', async (ctx) => {
      const { files } = await ctx.state.readUpload({
        field: 'sheet',
        maxBytes: 16,
        tooLarge: () => doorErrors.raise('ERR_SHEET_TOO_LARGE'),
      });
      ctx.body = { files: files.length };
    });
  },
  publicRoutes(router) {
    router.post('/upload-door-public', async (ctx) => {
      const { files } = await ctx.state.readUpload({ field: 'file', required: false });
      ctx.body = { files: await describeFiles(files) };
    });
  },
});

let host: TestHost;
let token: string;

beforeAll(async () => {
  host = await createTestHost({ plugins: [plugin] });
  token = (await host.login(host.admin.email, host.admin.password)).token;
});
afterAll(() => host?.stop());

const post = (path: string, body: FormData | string, boundary?: string) =>
  fetch(`${host.url}${path}`, {
    method: 'POST',
    headers: {
      Authorization: `Bearer ${token}`,
      ...(boundary ? { 'Content-Type': `multipart/form-data; boundary=${boundary}` } : {}),
    },
    body,
  });

/** A multipart body written by hand, for what FormData cannot send (NUL in a name, a body cut short). */
const rawPart = (name: string, value: string, fileName?: string) =>
  `--b0undary\r\nContent-Disposition: form-data; name="${name}"${fileName ? `; filename="${fileName}"\r\nContent-Type: text/plain` : ''}\r\n\r\n${value}\r\n`;

const form = (entries: [string, string | Blob, string?][]) => {
  const data = new FormData();
  for (const [name, value, fileName] of entries) {
    if (typeof value === 'string') data.append(name, value);
    else data.append(name, value, fileName);
  }
  return data;
};

const errorOf = async (res: Response) => (await res.json()) as { error: string; fields?: unknown[] };

describe('ctx.state.readUpload: the multipart door of plugin routes', () => {
  it('answers typed fields and the files in the order sent, and removes them once the route is done', async () => {
    const res = await post(
      '/api/upload-door/texts',
      form([
        ['caption', 'oi'],
        ['file', new Blob(['first'], { type: 'text/plain' }), 'a.txt'],
        ['file', new Blob(['%PDF second'], { type: 'application/pdf' }), 'b.pdf. '],
      ]),
    );
    expect(res.status).toBe(200);
    const body = (await res.json()) as { caption: string; files: { path: string }[] };
    expect(body).toMatchObject({
      caption: 'oi',
      files: [
        { fileName: 'a.txt', mimeType: 'text/plain', size: 5, text: 'first' },
        // The name as the user's system keeps it (trailing dots and spaces dropped), as core's uploads.
        { fileName: 'b.pdf', mimeType: 'application/pdf', size: 11, text: '%PDF second' },
      ],
    });
    for (const file of body.files) expect(existsSync(file.path)).toBe(false);
  });

  it('keeps the order sent, although formidable lists each file when its write ends (small writes end in any order)', async () => {
    const names = ['a.txt', 'b.txt', 'c.txt', 'd.txt', 'e.txt'];
    for (let round = 0; round < 10; round++) {
      const res = await post(
        '/api/upload-door/many',
        form(names.map((n) => ['file', new Blob([n], { type: 'text/plain' }), n] as [string, Blob, string])),
      );
      expect(res.status).toBe(200);
      expect(((await res.json()) as { files: { fileName: string }[] }).files.map((f) => f.fileName)).toEqual(
        names,
      );
    }
  });

  it('refuses a file past the limit with 413: the media code by default, the route’s own when it names one', async () => {
    const big = new Blob(['x'.repeat(2048)], { type: 'text/plain' });
    const res = await post('/api/upload-door/texts', form([['file', big, 'big.txt']]));
    expect(res.status).toBe(413);
    expect((await errorOf(res)).error).toBe('ERR_MEDIA_TOO_LARGE');
    const sheet = await post('/api/upload-door/sheet', form([['sheet', big, 'big.xlsx']]));
    expect(sheet.status).toBe(413);
    expect((await errorOf(sheet)).error).toBe('upload-door-test:ERR_SHEET_TOO_LARGE');
  });

  it('refuses a broken body, too many files, a missing file and a type outside the list with 400 codes', async () => {
    const cut = await post(
      '/api/upload-door/texts',
      '--b0undary\r\nContent-Disposition: form-da',
      'b0undary',
    );
    expect(cut.status).toBe(400);
    expect(await errorOf(cut)).toEqual({
      error: 'ERR_VALIDATION',
      fields: [{ path: 'file', message: 'Invalid upload' }],
    });
    const text = (n: number) => ['file', new Blob([`t${n}`], { type: 'text/plain' }), `${n}.txt`] as const;
    const three = await post('/api/upload-door/texts', form([text(1), text(2), text(3)] as never));
    expect(three.status).toBe(400);
    expect((await errorOf(three)).error).toBe('ERR_VALIDATION');
    const none = await post('/api/upload-door/texts', form([['caption', 'sem']]));
    expect(await errorOf(none)).toEqual({
      error: 'ERR_VALIDATION',
      fields: [{ path: 'file', message: 'Required' }],
    });
    const html = await post(
      '/api/upload-door/texts',
      form([['file', new Blob(['<b>'], { type: 'text/html' }), 'x.html']]),
    );
    expect(html.status).toBe(200);
    const svg = await post(
      '/api/upload-door/texts',
      form([['file', new Blob(['<svg/>'], { type: 'image/svg+xml' }), 'x.svg']]),
    );
    expect(svg.status).toBe(400);
    expect((await errorOf(svg)).error).toBe('ERR_MEDIA_TYPE_NOT_ALLOWED');
  });

  it('holds the text fields to their schema and refuses a NUL in a field’s name or value, or in a file name', async () => {
    const long = await post(
      '/api/upload-door/texts',
      form([
        ['caption', 'much too long'],
        ['file', new Blob(['a'], { type: 'text/plain' }), 'a.txt'],
      ]),
    );
    expect(long.status).toBe(400);
    expect((await errorOf(long)).fields).toEqual([expect.objectContaining({ path: 'caption' })]);
    const file = rawPart('file', 'abc', 'a.txt');
    for (const body of [
      `${rawPart('cap\u0000tion', 'x')}${file}--b0undary--\r\n`,
      `${rawPart('caption', 'a\u0000b')}${file}--b0undary--\r\n`,
      `${rawPart('file', 'abc', 'a\u0000.txt')}--b0undary--\r\n`,
    ]) {
      const res = await post('/api/upload-door/texts', body, 'b0undary');
      expect(res.status).toBe(400);
      expect(await errorOf(res)).toMatchObject({
        error: 'ERR_VALIDATION',
        fields: [expect.objectContaining({ message: 'Invalid character' })],
      });
    }
  });

  it('says at once, rather than wait for ever, when a route reads the body twice', async () => {
    const res = await post(
      '/api/upload-door/twice',
      form([['file', new Blob(['a'], { type: 'text/plain' }), 'a.txt']]),
    );
    expect(await res.json()).toEqual({
      refused: 'readUpload: the request body was read already; call it once per request',
    });
  });

  it('serves public routes too, where a file may be optional', async () => {
    const res = await fetch(`${host.url}/upload-door-public`, {
      method: 'POST',
      body: form([['file', new Blob(['pub'], { type: 'text/plain' }), 'p.txt']]),
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ files: [{ fileName: 'p.txt', text: 'pub' }] });
    const empty = await fetch(`${host.url}/upload-door-public`, { method: 'POST', body: form([['a', 'b']]) });
    expect(await empty.json()).toEqual({ files: [] });
  });
});
