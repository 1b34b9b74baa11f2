import { describe, expect, it } from 'vitest';
import { blogTagsTextSchema, videoEmbedUrl, videoLinkSchema } from './content.ts';

describe('videoEmbedUrl', () => {
  it('embeds YouTube (no-cookie) and Vimeo (do-not-track) links, nothing else', () => {
    const yt = 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ';
    expect(videoEmbedUrl('https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=10')).toBe(yt);
    expect(videoEmbedUrl('https://youtu.be/dQw4w9WgXcQ')).toBe(yt);
    expect(videoEmbedUrl('https://m.youtube.com/shorts/dQw4w9WgXcQ')).toBe(yt);
    expect(videoEmbedUrl('https://vimeo.com/76979871')).toBe('https://player.vimeo.com/video/76979871?dnt=1');
    expect(videoEmbedUrl('https://www.youtube.com/watch?v=<script>')).toBeNull();
    expect(videoEmbedUrl('https://youtube.com.evil.example/watch?v=dQw4w9WgXcQ')).toBeNull();
    expect(videoEmbedUrl('https://example.com/video.mp4')).toBeNull();
    expect(videoEmbedUrl('not a url')).toBeNull();
  });

  it('video links are http(s) only', () => {
    expect(videoLinkSchema.safeParse(' https://example.com/v ').data).toBe('https://example.com/v');
    for (const bad of ['javascript:alert(1)', 'data:text/html,x', 'ftp://example.com', '/x', '']) {
      expect(videoLinkSchema.safeParse(bad).success, bad).toBe(false);
    }
  });
});

describe('blog tags (JSON text)', () => {
  it('reads a JSON list of tags, trims and de-duplicates; refuses other shapes', () => {
    expect(blogTagsTextSchema.parse('[" news ","tips","news"]')).toEqual(['news', 'tips']);
    expect(blogTagsTextSchema.parse('')).toEqual([]);
    for (const bad of [
      'news',
      '{"a":1}',
      '[1]',
      '[""]',
      JSON.stringify(Array.from({ length: 21 }, (_, i) => `t${i}`)),
    ]) {
      expect(blogTagsTextSchema.safeParse(bad).success, bad).toBe(false);
    }
  });
});
