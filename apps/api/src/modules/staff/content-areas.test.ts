import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, inject, it } from 'vitest';
import { BLOG_IMAGE_MAX_BYTES, publicApi } from '@fleetdeck/contract';
import { staffApi } from '@fleetdeck/contract/staff';
import { call } from '../../../test/support/call.ts';
import { newCustomer, newStaff, randomIp, type TestStaff } from '../../../test/support/factory.ts';
import { inOneWindow, uniqueEmail } from '../../../test/support/helpers.ts';
import { postJsonToMultipart, postMultipart, type Part } from '../../../test/support/multipart.ts';
import { solvedCaptcha } from '../../../test/support/payments.ts';
import { startTestRuntime, type TestRuntime } from '../../../test/support/runtime.ts';
import { sha256 } from '../../lib/crypto.ts';
import { blogImageDir } from '../content/images.ts';

let rt: TestRuntime;
let dataDir: string;
let imageDir: string;
let root: TestStaff;
let content: TestStaff;
let support: TestStaff;
let customerToken: string;

beforeAll(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'fd-content-'));
  rt = await startTestRuntime(inject('pgAdminUrl'), { env: { DATA_DIR: dataDir } });
  imageDir = blogImageDir(rt.config.dataDir);
  [root, content, support] = await Promise.all([
    newStaff(rt, 'SuperAdmin'),
    newStaff(rt, 'Content'),
    newStaff(rt, 'Support'),
  ]);
  customerToken = (await newCustomer(rt)).token;
});
afterAll(async () => {
  await rt?.close();
  await fs.rm(dataDir, { recursive: true, force: true });
});

const storedFiles = async () => {
  try {
    return (await fs.readdir(imageDir)).sort();
  } catch {
    return [];
  }
};

// ------------------------------------------------------------------------------------------------------ pictures

const jpeg = (width = 64, height = 48) =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 40, b: 40 } } })
    .jpeg()
    .toBuffer();
const png = () =>
  sharp({ create: { width: 32, height: 32, channels: 4, background: { r: 0, g: 120, b: 200, alpha: 1 } } })
    .png()
    .toBuffer();
const webp = () =>
  sharp({ create: { width: 32, height: 32, channels: 3, background: { r: 0, g: 200, b: 0 } } })
    .webp()
    .toBuffer();
/** A JPEG whose EXIF says where it was taken (GPS) and by whom. */
const jpegWithGps = () =>
  sharp({ create: { width: 80, height: 60, channels: 3, background: { r: 10, g: 10, b: 200 } } })
    .jpeg()
    .withExif({
      IFD0: { Artist: 'Secret Photographer', Make: 'PhoneCo' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '51/1 30/1 0/1', GPSLongitudeRef: 'W', GPSLongitude: '0/1 7/1 0/1' },
    })
    .toBuffer();

/** A 20,000 × 20,000 PNG of 1-bit pixels: about 50 KB on the wire, 400 megapixels once decoded. */
function pixelBomb(): Buffer {
  const side = 20_000;
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(zlib.crc32(body) >>> 0);
    return Buffer.concat([len, body, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(side, 0);
  ihdr.writeUInt32BE(side, 4);
  ihdr[8] = 1; // bit depth
  ihdr[9] = 0; // greyscale
  const raw = Buffer.alloc(side * (1 + side / 8));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', zlib.deflateSync(raw, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

// ------------------------------------------------------------------------------------------------------- calls

const blogFields = (overrides: Record<string, string> = {}): Part[] =>
  Object.entries({
    title: 'Fleet tips',
    shortDescription: 'Five things to check on every tablet.',
    longDescription: '<p>Check the <strong>battery</strong>.</p>',
    category: 'Guides',
    tags: '["tablets","tips"]',
    author: 'Dana',
    ...overrides,
  }).map(([name, value]) => ({ name, value }));

const postBlog = (
  endpoint: typeof staffApi.blogCreate | typeof staffApi.blogUpdate,
  parts: Part[],
  token = content.token,
) => postMultipart(rt, endpoint, parts, token);
const imagePart = (data: Buffer, filename = 'photo.jpg', contentType = 'image/jpeg'): Part => ({
  name: 'imageFile',
  filename,
  contentType,
  data,
});

// ---------------------------------------------------------------------------------------------------------- videos

describe('videos (spec 3 "Videos")', () => {
  it('adds, lists newest first and deletes; the public list follows', async () => {
    const a = (
      await call(rt, staffApi.videoCreate, {
        token: content.token,
        body: { title: 'Intro', link: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ' },
      })
    ).data();
    expect(a.data).toMatchObject({ title: 'Intro', link: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ' });
    const b = (
      await call(rt, staffApi.videoCreate, {
        token: root.token,
        body: { title: '  Setup  ', link: 'http://example.com/video.mp4' },
      })
    ).data();
    expect(b.data.title).toBe('Setup');
    const list = (await call(rt, staffApi.videoList, { token: support.token, query: { limit: 5 } })).data();
    expect(list.data.map((v) => v.title).slice(0, 2)).toEqual(['Setup', 'Intro']);
    expect(list.pagination).toMatchObject({ page: 1, limit: 5, total: 2 });
    expect((await call(rt, publicApi.videos)).data().data.map((v) => v._id)).toEqual([b.data._id, a.data._id]);

    expect((await call(rt, staffApi.videoDelete, { token: content.token, query: { id: a.data._id } })).statusCode).toBe(
      200,
    );
    const again = await call(rt, staffApi.videoDelete, { token: content.token, query: { id: a.data._id } });
    expect(again.statusCode).toBe(404);
    expect(again.error()).toMatchObject({ code: 'E_NOT_FOUND', respones_msg: 'Video not found.' });
    expect((await call(rt, publicApi.videos)).data().data.map((v) => v._id)).toEqual([b.data._id]);
  });

  it('refuses links that are not http(s), missing fields, wrong types and bad ids', async () => {
    for (const link of ['javascript:alert(1)', 'data:text/html,<script>', 'ftp://example.com/x', '/relative', '']) {
      const res = await call(rt, staffApi.videoCreate, { token: content.token, body: { title: 'x', link } });
      expect(res.statusCode, link).toBe(400);
      expect(res.error().code).toBe('E_VALIDATION');
    }
    expect(
      (await call(rt, staffApi.videoCreate, { token: content.token, body: { link: 'https://a.example' } })).statusCode,
    ).toBe(400);
    expect(
      (await call(rt, staffApi.videoCreate, { token: content.token, body: { title: 5, link: 'https://a.example' } }))
        .statusCode,
    ).toBe(400);
    expect((await call(rt, staffApi.videoDelete, { token: content.token, query: { id: 'nope' } })).statusCode).toBe(
      400,
    );
    expect((await call(rt, staffApi.videoDelete, { token: content.token })).statusCode).toBe(400);
    expect((await call(rt, staffApi.videoList, { token: content.token, query: { limit: 7 } })).statusCode).toBe(400);
  });
});

// ------------------------------------------------------------------------------------------------------------- FAQ

describe('FAQ (spec 3 "FAQ")', () => {
  it('creates Active with a sanitised answer, toggles the status, edits, and the public FAQ shows Active ones', async () => {
    const created = (
      await call(rt, staffApi.faqCreate, {
        token: content.token,
        body: {
          question: 'How do I enrol a device?',
          answer: '<p>Scan the <strong>QR code</strong>.</p><script>alert(1)</script><img src=x onerror=alert(1)>',
        },
      })
    ).data().data;
    expect(created).toMatchObject({ status: 'Active', answer: '<p>Scan the <strong>QR code</strong>.</p>' });
    const detail = (await call(rt, staffApi.faqDetail, { token: content.token, query: { id: created._id } })).data();
    expect(detail.data).toEqual(created);

    const inactive = (
      await call(rt, staffApi.faqUpdate, { token: content.token, body: { id: created._id, status: 'Inactive' } })
    ).data().data;
    expect(inactive).toMatchObject({ status: 'Inactive', question: created.question, answer: created.answer });
    expect((await call(rt, publicApi.faq)).data().data.map((f) => f._id)).not.toContain(created._id);

    const edited = (
      await call(rt, staffApi.faqUpdate, {
        token: content.token,
        body: {
          id: created._id,
          status: 'Active',
          question: 'How do I enrol a tablet?',
          answer: '<p><a href="javascript:alert(1)">Read</a> <a href="https://example.com/help">help</a></p>',
        },
      })
    ).data().data;
    expect(edited.answer).toBe(
      '<p><a target="_blank" rel="noopener noreferrer nofollow">Read</a> <a href="https://example.com/help" target="_blank" rel="noopener noreferrer nofollow">help</a></p>',
    );
    const publicFaq = (await call(rt, publicApi.faq)).data().data;
    expect(publicFaq.find((f) => f._id === created._id)).toMatchObject({ question: 'How do I enrol a tablet?' });

    const list = (await call(rt, staffApi.faqList, { token: support.token })).data();
    expect(list.data[0]?._id).toBe(created._id);
  });

  it('refuses an answer that is only script, missing or wrong fields, unknown ids', async () => {
    const onlyScript = await call(rt, staffApi.faqCreate, {
      token: content.token,
      body: { question: 'Q?', answer: '<script>alert(1)</script>' },
    });
    expect(onlyScript.statusCode).toBe(400);
    expect(onlyScript.error()).toMatchObject({
      code: 'E_VALIDATION',
      errors: [{ field: 'answer', message: 'is required' }],
    });
    const bad = [
      { question: 'Q?' },
      { answer: '<p>a</p>' },
      { question: 1, answer: '<p>a</p>' },
      { question: 'Q?', answer: '<p>a</p>', status: 'Deleted' },
    ];
    for (const body of bad) {
      expect(
        (await call(rt, staffApi.faqCreate, { token: content.token, body })).statusCode,
        JSON.stringify(body),
      ).toBe(400);
    }
    const unknown = '00000000-0000-4000-8000-000000000000';
    expect((await call(rt, staffApi.faqDetail, { token: content.token, query: { id: unknown } })).statusCode).toBe(404);
    expect((await call(rt, staffApi.faqDetail, { token: content.token, query: { id: '12' } })).statusCode).toBe(400);
    expect(
      (await call(rt, staffApi.faqUpdate, { token: content.token, body: { id: unknown, status: 'Active' } }))
        .statusCode,
    ).toBe(404);
    expect((await call(rt, staffApi.faqUpdate, { token: content.token, body: { id: unknown } })).statusCode).toBe(400);
    expect(
      (await call(rt, staffApi.faqUpdate, { token: content.token, body: { id: unknown, status: true } })).statusCode,
    ).toBe(400);
  });
});

// ----------------------------------------------------------------------------------------------------------- blogs

describe('blogs (spec 3 "Blogs")', () => {
  it('creates with a re-encoded picture, serves it strictly, edits, lists, and deletes the picture with the blog', async () => {
    const created = (
      await postBlog(staffApi.blogCreate, [
        ...blogFields({ longDescription: '<p>Hi<script>x()</script></p>' }),
        imagePart(await jpeg()),
      ])
    ).data().data;
    expect(created).toMatchObject({
      title: 'Fleet tips',
      tags: ['tablets', 'tips'],
      longDescription: '<p>Hi</p>',
      author: 'Dana',
      category: 'Guides',
    });
    expect(created.image).toMatch(/^[0-9a-f]{32}\.jpg$/);
    expect(await storedFiles()).toEqual([created.image]);

    const served = await rt.app.inject({ method: 'GET', url: `/upload/blog/${created.image}` });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/jpeg');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.headers['content-security-policy']).toContain("default-src 'none'");
    expect((await sharp(served.rawPayload).metadata()).format).toBe('jpeg');
    for (const url of ['/upload/blog/../../package.json', '/upload/blog/x.jpg', `/upload/blog/${created.image}.html`]) {
      expect((await rt.app.inject({ method: 'GET', url })).statusCode, url).toBe(404);
    }

    // Public: list and detail.
    const publicList = (await call(rt, publicApi.blogs)).data();
    expect(publicList.data[0]).toMatchObject({ _id: created._id, image: created.image });
    expect((await call(rt, publicApi.blog, { params: { id: created._id } })).data().data.longDescription).toBe(
      '<p>Hi</p>',
    );

    // Edit without a picture keeps it; with one replaces it (the old file goes).
    const kept = (
      await postBlog(staffApi.blogUpdate, [
        { name: 'id', value: created._id },
        ...blogFields({ title: 'Fleet tips 2' }),
      ])
    ).data().data;
    expect(kept).toMatchObject({ title: 'Fleet tips 2', image: created.image });
    const replaced = (
      await postBlog(staffApi.blogUpdate, [
        { name: 'id', value: created._id },
        ...blogFields({ tags: '[]' }),
        imagePart(await png(), 'diagram.PNG', 'image/png'),
      ])
    ).data().data;
    expect(replaced.image).toMatch(/^[0-9a-f]{32}\.png$/);
    expect(replaced.tags).toEqual([]);
    expect(await storedFiles()).toEqual([replaced.image]);

    const webpBlog = (
      await postBlog(staffApi.blogCreate, [...blogFields(), imagePart(await webp(), 'a.webp', 'image/webp')])
    ).data().data;
    expect(webpBlog.image).toMatch(/\.webp$/);
    const noImage = (await postBlog(staffApi.blogCreate, blogFields({ title: 'Words only' }))).data().data;
    expect(noImage.image).toBeNull();

    const list = (await call(rt, staffApi.blogList, { token: support.token, query: { limit: 5 } })).data();
    expect(list.data.map((b) => b._id)).toEqual([noImage._id, webpBlog._id, created._id]);
    expect(
      (await call(rt, staffApi.blogDetail, { token: content.token, query: { id: created._id } })).data().data.title,
    ).toBe('Fleet tips');

    expect((await call(rt, staffApi.blogDelete, { token: content.token, query: { id: created._id } })).statusCode).toBe(
      200,
    );
    expect(await storedFiles()).toEqual([webpBlog.image]);
    expect((await rt.app.inject({ method: 'GET', url: `/upload/blog/${replaced.image}` })).statusCode).toBe(404);
    expect((await call(rt, staffApi.blogDelete, { token: content.token, query: { id: created._id } })).statusCode).toBe(
      404,
    );
    expect((await call(rt, staffApi.blogDetail, { token: content.token, query: { id: created._id } })).statusCode).toBe(
      404,
    );
    expect((await call(rt, publicApi.blog, { params: { id: created._id } })).statusCode).toBe(404);
    expect((await call(rt, publicApi.blog, { params: { id: 'not-an-id' } })).statusCode).toBe(404);
    await call(rt, staffApi.blogDelete, { token: content.token, query: { id: webpBlog._id } });
    await call(rt, staffApi.blogDelete, { token: content.token, query: { id: noImage._id } });
    expect(await storedFiles()).toEqual([]);
  });

  it('a JPEG with EXIF GPS comes back without any metadata', async () => {
    const original = await jpegWithGps();
    const before = await sharp(original).metadata();
    expect(before.exif).toBeDefined();
    expect(original.includes(Buffer.from('Secret Photographer'))).toBe(true);
    const blog = (await postBlog(staffApi.blogCreate, [...blogFields(), imagePart(original)])).data().data;
    const served = await rt.app.inject({ method: 'GET', url: `/upload/blog/${blog.image}` });
    const after = await sharp(served.rawPayload).metadata();
    expect(after.exif).toBeUndefined();
    expect(after.xmp).toBeUndefined();
    expect(after.iptc).toBeUndefined();
    expect(served.rawPayload.includes(Buffer.from('Secret Photographer'))).toBe(false);
    expect(served.rawPayload.includes(Buffer.from('Exif\0\0'))).toBe(false);
    await call(rt, staffApi.blogDelete, { token: content.token, query: { id: blog._id } });
  });

  describe('upload attack set: a clear 4xx and nothing written', () => {
    beforeEach(async () => {
      await rt.ctx.db.execute(sql`delete from blogs`);
      await fs.rm(imageDir, { recursive: true, force: true });
    });

    const refused = async (parts: Part[], status: number, message: RegExp) => {
      const res = await postBlog(staffApi.blogCreate, [...blogFields(), ...parts]);
      expect(res.statusCode, res.body).toBe(status);
      expect(JSON.parse(res.body).respones_msg).toMatch(message);
      expect(await storedFiles()).toEqual([]);
      const rows = await rt.ctx.db.execute<{ n: number }>(sql`select count(*)::int as n from blogs`);
      expect(rows.rows[0]!.n).toBe(0);
    };

    it('a polyglot: JPEG header followed by HTML and script', async () => {
      const header = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01]);
      await refused(
        [imagePart(Buffer.concat([header, Buffer.from('<html><script>alert(document.cookie)</script></html>')]))],
        400,
        /markup|script/,
      );
      // A real, decodable JPEG with a script appended is refused too, not silently cleaned.
      await refused(
        [imagePart(Buffer.concat([await jpeg(), Buffer.from('<script>alert(1)</script>')]))],
        400,
        /markup|script/,
      );
    });

    it('an SVG (even named .png or sent as image/png)', async () => {
      const svg = Buffer.from(
        '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(2)</script></svg>',
      );
      await refused([imagePart(svg, 'logo.svg', 'image/svg+xml')], 415, /JPG, PNG or WebP/);
      await refused([imagePart(svg, 'logo.png', 'image/png')], 415, /JPG, PNG or WebP/);
    });

    it('HTML renamed .png', async () => {
      await refused(
        [
          imagePart(
            Buffer.from('<!doctype html><html><body><script>alert(1)</script></body></html>'),
            'cat.png',
            'image/png',
          ),
        ],
        415,
        /JPG, PNG or WebP/,
      );
    });

    it('an oversize file', async () => {
      const big = Buffer.alloc(BLOG_IMAGE_MAX_BYTES + 1024, 0);
      Buffer.from([0xff, 0xd8, 0xff, 0xe0]).copy(big);
      await refused([imagePart(big)], 413, /too large/);
    });

    it('a 20,000 × 20,000 pixel bomb', async () => {
      const bomb = pixelBomb();
      expect(bomb.length).toBeLessThan(BLOG_IMAGE_MAX_BYTES);
      await refused([imagePart(bomb, 'bomb.png', 'image/png')], 400, /too many pixels|could not be read/);
    });

    it('path names and NUL bytes in the file name', async () => {
      const picture = await png();
      await refused([imagePart(picture, '../../x.png', 'image/png')], 400, /file name/);
      await refused([imagePart(picture, '..\\..\\x.png', 'image/png')], 400, /file name/);
      await refused([imagePart(picture, '/etc/x.png', 'image/png')], 400, /file name/);
      await refused([imagePart(picture, 'x.png\0.html', 'image/png')], 400, /file name/);
      await refused([imagePart(picture, 'x\0.png', 'image/png')], 400, /file name/);
    });

    it('a wrong content type or extension', async () => {
      const picture = await png();
      await refused([imagePart(picture, 'x.png', 'text/html')], 415, /content type/);
      await refused([imagePart(picture, 'x.png', 'image/jpeg')], 415, /content type/);
      await refused([imagePart(picture, 'x.html', 'image/png')], 415, /ends in \.html/);
      await refused([imagePart(picture, 'x', 'image/png')], 415, /JPG, PNG or WebP/);
      await refused([imagePart(Buffer.from('GIF89a....'), 'x.gif', 'image/gif')], 415, /JPG, PNG or WebP/);
    });

    it('a damaged picture, two pictures, another file field', async () => {
      const damaged = Buffer.concat([(await jpeg()).subarray(0, 40), Buffer.alloc(200, 7)]);
      await refused([imagePart(damaged)], 400, /could not be read/);
      await refused([imagePart(await jpeg()), imagePart(await jpeg())], 400, /one image/);
      await refused(
        [{ name: 'other', filename: 'x.jpg', contentType: 'image/jpeg', data: await jpeg() }],
        400,
        /imageFile/,
      );
    });
  });

  it('refuses a JSON body, missing or wrong fields and unknown ids', async () => {
    expect(await postJsonToMultipart(rt, staffApi.blogCreate, { title: 'x' }, content.token)).toBe(415);
    const cases: [Part[], string][] = [
      [blogFields({ title: '' }), 'title'],
      [blogFields().filter((p) => p.name !== 'author'), 'author'],
      [blogFields({ tags: 'news, tips' }), 'tags'],
      [blogFields({ tags: '{"a":1}' }), 'tags'],
      [blogFields({ tags: '[1,2]' }), 'tags'],
      [blogFields({ longDescription: '<script>alert(1)</script>' }), 'longDescription'],
    ];
    for (const [parts, field] of cases) {
      const res = await postBlog(staffApi.blogCreate, parts);
      expect(res.statusCode, field).toBe(400);
      expect(JSON.parse(res.body).errors[0].field).toBe(field);
    }
    const unknown = await postBlog(staffApi.blogUpdate, [
      { name: 'id', value: '00000000-0000-4000-8000-000000000000' },
      ...blogFields(),
      imagePart(await jpeg()),
    ]);
    expect(unknown.statusCode).toBe(404);
    expect(await storedFiles()).toEqual([]);
    expect((await postBlog(staffApi.blogUpdate, [{ name: 'id', value: 'x' }, ...blogFields()])).statusCode).toBe(400);
    expect((await postBlog(staffApi.blogUpdate, blogFields())).statusCode).toBe(400);
    expect((await call(rt, staffApi.blogDetail, { token: content.token, query: { id: 'x' } })).statusCode).toBe(400);
  });
});

// ------------------------------------------------------------------------------------------ contact, newsletter

/** The newsletter confirmation emails sent to `email`, oldest first. */
const newsletterMails = (email: string) =>
  rt.smtp.inbox.filter((m) => m.to.includes(email) && m.subject.includes('newsletter subscription'));
/** The token of the newest confirmation link emailed to `email` (waits for its delivery). */
async function newsletterToken(email: string) {
  await rt.settle();
  const mail = newsletterMails(email).at(-1);
  expect(mail, `a confirmation email to ${email}`).toBeDefined();
  const url = /(https?:\/\/\S+\/newsletter\/confirm\?token=\S+)/.exec(mail!.text)?.[1];
  expect(url?.startsWith(`${rt.config.publicUrl}/newsletter/confirm?token=`)).toBe(true);
  return new URL(url!).searchParams.get('token')!;
}
/** Follows the emailed link as the /newsletter/confirm page does. */
async function confirmNewsletter(email: string) {
  const res = await call(rt, publicApi.newsletterConfirm, {
    ip: randomIp(),
    body: { token: await newsletterToken(email) },
  });
  expect(res.data().respones_msg).toBe('You are subscribed to our newsletter.');
}
const listedEmails = async () =>
  (await call(rt, staffApi.newsletterList, { token: content.token, query: { limit: 50 } }))
    .data()
    .data.map((s) => s.email);

describe('contact form and newsletter (DECISIONS §9)', () => {
  it('stores a contact message with a captcha; staff list it sorted and paged', async () => {
    const ip = randomIp();
    const send = async (name: string, subject: string) =>
      call(rt, publicApi.contact, {
        ip,
        body: {
          name,
          email: `${name.toLowerCase()}@example.com`,
          subject,
          message: 'Hello there',
          captcha: await solvedCaptcha(rt),
        },
      });
    expect((await send('Bob', 'Billing')).data().respones_msg).toMatch(/sent/);
    await send('Alice', 'Question');
    const byName = (
      await call(rt, staffApi.contactUsList, {
        token: content.token,
        query: { sortBy: 'name', sortOrder: 'asc', limit: 5 },
      })
    ).data();
    expect(byName.data.map((m) => m.name)).toEqual(['Alice', 'Bob']);
    expect(byName.data[0]).toMatchObject({ email: 'alice@example.com', subject: 'Question', message: 'Hello there' });
    const newest = (await call(rt, staffApi.contactUsList, { token: content.token })).data();
    expect(newest.data.map((m) => m.name)).toEqual(['Alice', 'Bob']);
    const page2 = (
      await call(rt, staffApi.contactUsList, { token: content.token, query: { limit: 5, page: 2 } })
    ).data();
    expect(page2.data).toEqual([]);
    expect(page2.pagination.total).toBe(2);
    for (const query of [{ sortBy: 'password' }, { sortOrder: 'up' }, { limit: 3 }, { page: 0 }]) {
      expect((await call(rt, staffApi.contactUsList, { token: content.token, query })).statusCode).toBe(400);
    }
  });

  it('refuses the contact form without a captcha, with a used one, with bad fields, and past the rate limit', async () => {
    const ip = randomIp();
    const body = { name: 'Eve', email: 'eve@example.com', subject: 'Hi', message: 'Hello' };
    // 5 a clock-aligned 10 minutes per address: every call of this address must fall in one window.
    await inOneWindow(20, 600);
    const none = await call(rt, publicApi.contact, { ip, body });
    expect(none.statusCode).toBe(400);
    expect(none.error().code).toBe('E_CAPTCHA');
    const captcha = await solvedCaptcha(rt);
    expect((await call(rt, publicApi.contact, { ip, body: { ...body, captcha } })).statusCode).toBe(200);
    expect((await call(rt, publicApi.contact, { ip, body: { ...body, captcha } })).error().code).toBe('E_CAPTCHA');
    for (const bad of [{ ...body, email: 'nope' }, { ...body, message: '' }, { ...body, subject: 3 }, { name: 'x' }]) {
      expect((await call(rt, publicApi.contact, { ip: randomIp(), body: bad })).statusCode).toBe(400);
    }
    // 5 a window per address: three used above.
    await call(rt, publicApi.contact, { ip, body });
    await call(rt, publicApi.contact, { ip, body });
    const limited = await call(rt, publicApi.contact, { ip, body });
    expect(limited.statusCode).toBe(429);
    expect(limited.error().code).toBe('E_RATE_LIMITED');
  });

  it('newsletter sign-up is idempotent per email; staff page and export it', async () => {
    const ip = randomIp();
    const signUp = async (email: string) =>
      call(rt, publicApi.newsletter, { ip, body: { email, captcha: await solvedCaptcha(rt) } });
    expect((await signUp('Reader@Example.com')).statusCode).toBe(200);
    expect((await signUp('reader@example.com')).statusCode).toBe(200);
    await signUp('new.reader@example.com');
    // Double opt-in: the older link of reader@ was replaced by the second sign-up's, so the newest one confirms.
    await confirmNewsletter('reader@example.com');
    await confirmNewsletter('new.reader@example.com');
    const list = (await call(rt, staffApi.newsletterList, { token: content.token })).data();
    expect(list.data.map((s) => s.email)).toEqual(['new.reader@example.com', 'reader@example.com']);
    expect(list.pagination.total).toBe(2);
    const csv = await call(rt, staffApi.newsletterList, { token: content.token, query: { isExportData: 'true' } });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-disposition']).toBe('attachment; filename="Newsletters.csv"');
    const lines = csv.body.trim().split('\r\n');
    expect(lines[0]).toBe('"Email","Created On"');
    expect(lines.slice(1).map((l) => l.split(',')[0])).toEqual(['"new.reader@example.com"', '"reader@example.com"']);
    expect((await call(rt, publicApi.newsletter, { ip, body: { email: 'x@example.com' } })).error().code).toBe(
      'E_CAPTCHA',
    );
    expect(
      (await call(rt, publicApi.newsletter, { ip, body: { email: 'not an email', captcha: 'x' } })).statusCode,
    ).toBe(400);
    expect(
      (await call(rt, staffApi.newsletterList, { token: content.token, query: { isExportData: 'yes' } })).statusCode,
    ).toBe(400);
    await rt.ctx.db.execute(sql`delete from newsletter_subscribers`);
    const empty = await call(rt, staffApi.newsletterList, { token: content.token, query: { isExportData: 'true' } });
    expect(empty.statusCode).toBe(404);
    expect(empty.error()).toMatchObject({ code: 'E_NO_DATA', respones_msg: 'No data to export' });
  });

  it('newsletter sign-up emails a confirmation link and lists nothing until it is followed', async () => {
    const email = uniqueEmail('optin');
    const res = await call(rt, publicApi.newsletter, {
      ip: randomIp(),
      body: { email, captcha: await solvedCaptcha(rt) },
    });
    expect(res.data().respones_msg).toMatch(/confirm/);
    const token = await newsletterToken(email);
    expect(newsletterMails(email)).toHaveLength(1);
    expect(await listedEmails()).not.toContain(email);
    const stored = await rt.ctx.db.execute<{ confirm_token_hash: string; days: number }>(
      sql`select confirm_token_hash, extract(epoch from confirm_token_expires_at - now()) / 86400 as days
            from newsletter_subscribers where email = ${email}`,
    );
    // Stored hashed, never as sent; valid 7 days.
    expect(stored.rows[0]!.confirm_token_hash).toBe(sha256(token));
    expect(token).toMatch(/^[\w-]{43}$/);
    expect(Number(stored.rows[0]!.days)).toBeGreaterThan(6.99);
    expect(Number(stored.rows[0]!.days)).toBeLessThanOrEqual(7);

    const ok = await call(rt, publicApi.newsletterConfirm, { ip: randomIp(), body: { token } });
    expect(ok.data().respones_msg).toBe('You are subscribed to our newsletter.');
    expect(await listedEmails()).toContain(email);
    // Opening the link again answers the same and keeps one row.
    expect((await call(rt, publicApi.newsletterConfirm, { ip: randomIp(), body: { token } })).statusCode).toBe(200);
    expect((await listedEmails()).filter((e) => e === email)).toHaveLength(1);
  });

  it('refuses an unknown or expired confirmation link with a message; an empty token is a 400', async () => {
    const unknown = await call(rt, publicApi.newsletterConfirm, { ip: randomIp(), body: { token: 'not-a-token' } });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.error()).toMatchObject({
      code: 'E_LINK_INVALID',
      respones_msg: 'This confirmation link is not valid. Please sign up again.',
    });
    const email = uniqueEmail('late');
    await call(rt, publicApi.newsletter, { ip: randomIp(), body: { email, captcha: await solvedCaptcha(rt) } });
    const token = await newsletterToken(email);
    await rt.ctx.db.execute(
      sql`update newsletter_subscribers set confirm_token_expires_at = now() - interval '1 second' where email = ${email}`,
    );
    const expired = await call(rt, publicApi.newsletterConfirm, { ip: randomIp(), body: { token } });
    expect(expired.statusCode).toBe(400);
    expect(expired.error()).toMatchObject({
      code: 'E_LINK_EXPIRED',
      respones_msg: 'This confirmation link has expired. Please sign up again.',
    });
    expect(await listedEmails()).not.toContain(email);
    for (const body of [{ token: '' }, {}, { token: 5 }]) {
      expect((await call(rt, publicApi.newsletterConfirm, { ip: randomIp(), body })).statusCode).toBe(400);
    }
  });

  it('signing up a confirmed address again sends nothing; an unconfirmed one gets a new link, rate-limited', async () => {
    const signUp = async (email: string) =>
      call(rt, publicApi.newsletter, { ip: randomIp(), body: { email, captcha: await solvedCaptcha(rt) } });
    const confirmedEmail = uniqueEmail('twice');
    await signUp(confirmedEmail);
    await confirmNewsletter(confirmedEmail);
    expect((await signUp(confirmedEmail)).statusCode).toBe(200);
    await rt.settle();
    expect(newsletterMails(confirmedEmail)).toHaveLength(1);
    expect(await listedEmails()).toContain(confirmedEmail);

    const pending = uniqueEmail('pending');
    // 10 a clock-aligned 10 minutes per email: every sign-up of `pending` must fall in one window.
    await inOneWindow(30, 600);
    await signUp(pending);
    const first = await newsletterToken(pending);
    await signUp(pending);
    const second = await newsletterToken(pending);
    expect(newsletterMails(pending)).toHaveLength(2);
    expect(second).not.toBe(first);
    // The newer link replaces the older one.
    const old = await call(rt, publicApi.newsletterConfirm, { ip: randomIp(), body: { token: first } });
    expect(old.error().code).toBe('E_LINK_INVALID');
    // 10 sign-ups of one address per 10 minutes, whatever the network: two used above.
    for (let i = 0; i < 8; i++) expect((await signUp(pending)).statusCode).toBe(200);
    const limited = await signUp(pending);
    expect(limited.statusCode).toBe(429);
    expect(limited.error().code).toBe('E_RATE_LIMITED');
  });

  it('lists and exports confirmed addresses only; rows from before double opt-in count as confirmed', async () => {
    await rt.ctx.db.execute(sql`delete from newsletter_subscribers`);
    const confirmedEmail = uniqueEmail('in');
    const unconfirmed = uniqueEmail('out');
    for (const email of [confirmedEmail, unconfirmed]) {
      await call(rt, publicApi.newsletter, { ip: randomIp(), body: { email, captcha: await solvedCaptcha(rt) } });
    }
    await confirmNewsletter(confirmedEmail);
    const list = (await call(rt, staffApi.newsletterList, { token: content.token })).data();
    expect(list.data.map((s) => s.email)).toEqual([confirmedEmail]);
    expect(list.pagination.total).toBe(1);
    const csv = await call(rt, staffApi.newsletterList, { token: content.token, query: { isExportData: 'true' } });
    expect(csv.body).toContain(confirmedEmail);
    expect(csv.body).not.toContain(unconfirmed);

    // The migration's backfill: rows listed before the change stay listed.
    const migration = await fs.readFile(
      path.join(import.meta.dirname, '../../../drizzle/0032_newsletter_double_opt_in.sql'),
      'utf8',
    );
    const backfill = /^UPDATE "newsletter_subscribers".*$/m.exec(migration)?.[0];
    expect(backfill).toBeDefined();
    await rt.ctx.db.execute(sql`update newsletter_subscribers set confirmed_at = null, confirm_token_hash = null`);
    await rt.ctx.db.execute(sql.raw(backfill!));
    expect((await listedEmails()).sort()).toEqual([confirmedEmail, unconfirmed].sort());
    await rt.ctx.db.execute(sql`delete from newsletter_subscribers`);
  });
});

// ---------------------------------------------------------------------------------------------- public pricing

describe('public pricing (DECISIONS §9)', () => {
  it('answers the Active plans and the payment notes when a setting exists', async () => {
    const without = (await call(rt, publicApi.pricing)).data();
    expect(without.paymentNotes).toBeNull();
    expect(without.data.recurringPriceList.length).toBeGreaterThan(0);
    const saved = await call(rt, staffApi.saveSetting, {
      token: root.token,
      body: { key: 'paymentNotes', value: 'Prices exclude VAT.' },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await call(rt, publicApi.pricing)).data().paymentNotes).toEqual({ value: 'Prices exclude VAT.' });
  });
});

// ------------------------------------------------------------------------------------------------ page-view report

describe('page-view report (spec 3 "Page-view report")', () => {
  it('counts distinct visitors per country, by page and day range, paged and exported', async () => {
    await rt.ctx.db.execute(sql`insert into page_views (day, page, country, ip_hash) values
      ('2026-03-01', 'Home', 'GB', 'a'), ('2026-03-02', 'Home', 'GB', 'a'), ('2026-03-02', 'Payment', 'GB', 'a'),
      ('2026-03-01', 'Home', 'GB', 'b'), ('2026-03-02', 'Home', 'DE', 'c'), ('2026-03-02', 'Payment', 'DE', 'd'),
      ('2026-03-03', 'Home', '--', 'e'), ('2026-02-28', 'Home', 'FR', 'f')`);
    const report = async (query: Record<string, unknown>) =>
      (await call(rt, staffApi.pageViewReport, { token: root.token, query })).data();
    const all = await report({ from_date: '2026-03-01', to_date: '2026-03-03' });
    expect(all.data).toEqual([
      { _id: 'DE', country: 'DE', count: 2 },
      { _id: 'GB', country: 'GB', count: 2 },
      { _id: 'Unknown', country: 'Unknown', count: 1 },
    ]);
    expect(all.pagination).toMatchObject({ page: 1, limit: 25, total: 3 });
    expect((await report({ page: 'Payment', from_date: '2026-03-01', to_date: '2026-03-03' })).data).toEqual([
      { _id: 'DE', country: 'DE', count: 1 },
      { _id: 'GB', country: 'GB', count: 1 },
    ]);
    expect(
      (await report({ page: 'Home', from_date: '2026-02-28', to_date: '2026-03-01' })).data.map((r) => [
        r.country,
        r.count,
      ]),
    ).toEqual([
      ['GB', 2],
      ['FR', 1],
    ]);
    const paged = await report({ from_date: '2026-03-01', to_date: '2026-03-03', limit: 5, pageNumber: 1 });
    expect(paged.data).toHaveLength(3);
    expect((await report({ from_date: '2026-03-01', to_date: '2026-03-03', limit: 100, pageNumber: 2 })).data).toEqual(
      [],
    );
    // Default range: today.
    expect((await report({})).data).toEqual([]);

    const csv = await call(rt, staffApi.pageViewReport, {
      token: root.token,
      query: { from_date: '2026-03-01', to_date: '2026-03-03', isExportData: 'true' },
    });
    expect(csv.headers['content-disposition']).toBe('attachment; filename="CountryWisePageView.csv"');
    expect(csv.body.trim().split('\r\n')).toEqual(['"Country","Count"', '"DE","2"', '"GB","2"', '"Unknown","1"']);
    const empty = await call(rt, staffApi.pageViewReport, { token: root.token, query: { isExportData: 'true' } });
    expect(empty.statusCode).toBe(404);

    for (const query of [
      { page: 'Blog' },
      { from_date: '2026-13-01' },
      { from_date: '2026-03-05', to_date: '2026-03-01' },
      { limit: 250 },
      { pageNumber: 0 },
    ]) {
      expect(
        (await call(rt, staffApi.pageViewReport, { token: root.token, query })).statusCode,
        JSON.stringify(query),
      ).toBe(400);
    }
  });
});

// ------------------------------------------------------------------------------------------------------------ roles

describe('content writes and bulk exports name the staff member in the audit (issue 24)', () => {
  const staffRows = async (staffId: string) =>
    (
      await rt.ctx.db.execute<{ sub_type: string; message: string; actor_kind: string; source: string }>(
        sql`select sub_type, message, actor_kind, source from audit_entries
            where actor_id = ${staffId} and type = 'Staff Account' order by created_at, id`,
      )
    ).rows;

  it('FAQ, blog and video writes and a CSV export each leave a row with the staff actor', async () => {
    const editor = await newStaff(rt, 'Content');
    const faq = (
      await call(rt, staffApi.faqCreate, {
        token: editor.token,
        body: { question: 'Audited?', answer: '<p>Yes</p>' },
      })
    ).data().data;
    await call(rt, staffApi.faqUpdate, { token: editor.token, body: { id: faq._id, status: 'Inactive' } });
    const blog = (await postBlog(staffApi.blogCreate, blogFields({ title: 'Audited post' }), editor.token)).data().data;
    await postBlog(staffApi.blogUpdate, [{ name: 'id', value: blog._id }, ...blogFields()], editor.token);
    expect((await call(rt, staffApi.blogDelete, { token: editor.token, query: { id: blog._id } })).statusCode).toBe(
      200,
    );
    const video = (
      await call(rt, staffApi.videoCreate, {
        token: editor.token,
        body: { title: 'Audited video', link: 'https://example.com/v' },
      })
    ).data().data;
    await call(rt, staffApi.videoDelete, { token: editor.token, query: { id: video._id } });
    await call(rt, publicApi.newsletter, {
      ip: randomIp(),
      body: { email: 'audited.reader@example.com', captcha: await solvedCaptcha(rt) },
    });
    await confirmNewsletter('audited.reader@example.com');
    const csv = await call(rt, staffApi.newsletterList, { token: editor.token, query: { isExportData: 'true' } });
    expect(csv.statusCode).toBe(200);

    const rows = await staffRows(editor.id);
    expect(rows.map((r) => r.sub_type)).toEqual([
      'FAQ Created',
      'FAQ Updated',
      'Blog Created',
      'Blog Updated',
      'Blog Deleted',
      'Video Created',
      'Video Deleted',
      'Data Exported',
    ]);
    for (const row of rows) expect(row).toMatchObject({ actor_kind: 'staff', source: 'Web' });
    expect(rows[0]!.message).toContain('Audited?');
    expect(rows[2]!.message).toContain('Audited post');
    expect(rows[7]!.message).toContain('Newsletters.csv');

    // A refused write and an empty export leave no row.
    const before = rows.length;
    const rootRows = (await staffRows(root.id)).length;
    expect(
      (
        await call(rt, staffApi.faqUpdate, {
          token: editor.token,
          body: { id: faq._id.replace(/.$/, (c) => (c === '0' ? '1' : '0')), status: 'Active' },
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (
        await call(rt, staffApi.pageViewReport, {
          token: root.token,
          query: { isExportData: 'true', from_date: '1999-01-01', to_date: '1999-01-02' },
        })
      ).statusCode,
    ).toBe(404);
    expect(await staffRows(editor.id)).toHaveLength(before);
    expect(await staffRows(root.id)).toHaveLength(rootRows);
  });
});

describe('who may call (STAFF_AREAS)', () => {
  it('Content uses every content area but not the page-view report; customers and strangers get nothing', async () => {
    expect((await call(rt, staffApi.videoList, { token: content.token })).statusCode).toBe(200);
    expect((await call(rt, staffApi.newsletterList, { token: content.token })).statusCode).toBe(200);
    for (const token of [content.token, support.token]) {
      const res = await call(rt, staffApi.pageViewReport, { token });
      expect(res.statusCode).toBe(403);
      expect(res.error().code).toBe('E_FORBIDDEN');
    }
    expect((await call(rt, staffApi.faqList, { token: customerToken })).statusCode).toBe(401);
    expect((await call(rt, staffApi.faqList)).statusCode).toBe(401);
    const upload = await postBlog(staffApi.blogCreate, [...blogFields(), imagePart(await jpeg())], customerToken);
    expect(upload.statusCode).toBe(401);
    expect(await storedFiles()).toEqual([]);
  });
});
