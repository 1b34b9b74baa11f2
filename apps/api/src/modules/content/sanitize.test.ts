import { describe, expect, it } from 'vitest';
import { isBlankHtml, sanitizeRichText } from './sanitize.ts';

describe('sanitizeRichText (FAQ answers, blog long descriptions)', () => {
  it('removes scripts, event handlers, javascript: links, iframes, style expressions and SVG payloads', () => {
    const attacks = [
      '<p>a</p><script>alert(1)</script>',
      '<img src=x onerror="alert(1)">',
      '<p onclick="alert(1)" onmouseover=alert(2)>hover</p>',
      '<a href="javascript:alert(1)">click</a>',
      '<a href="JaVaScRiPt&colon;alert(1)">click</a>',
      '<a href="  javascript:alert(1)">click</a>',
      '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">data</a>',
      '<iframe src="https://evil.example/"></iframe>',
      '<p style="background:url(javascript:alert(1))">styled</p>',
      '<p style="width: expression(alert(1))">ie</p>',
      '<style>body{background:url("javascript:alert(1)")}</style>',
      '<svg onload="alert(1)"><script>alert(2)</script><text>svg text</text></svg>',
      '<svg><a xlink:href="javascript:alert(1)"><text>x</text></a></svg>',
      '<math><mi xlink:href="javascript:alert(1)">m</mi></math>',
      '<object data="x.swf"></object><embed src="x.swf">',
      '<form action="https://evil.example"><input name=a><button>go</button></form>',
      '<base href="https://evil.example/">',
      '<meta http-equiv="refresh" content="0;url=https://evil.example">',
      '<div><p>nested <scr<script>ipt>alert(1)</script></p></div>',
    ];
    for (const attack of attacks) {
      const clean = sanitizeRichText(attack);
      expect(clean, attack).not.toMatch(/<script|<iframe|<svg|<math|<object|<embed|<form|<style|<base|<meta|<img/i);
      expect(clean, attack).not.toMatch(/javascript:|data:text|expression\(|on\w+=|style=/i);
    }
    expect(sanitizeRichText('<svg onload="alert(1)"><text>svg text</text></svg><p>kept</p>')).toBe('<p>kept</p>');
    expect(sanitizeRichText('<p style="color:red">text</p>')).toBe('<p>text</p>');
  });

  it('keeps ordinary formatting: paragraphs, headings, emphasis, lists, quotes, code and safe links', () => {
    const html =
      '<h2>Title</h2><p>Some <strong>bold</strong>, <em>italic</em>, <u>underlined</u> and <s>struck</s> text.<br>Next line</p>' +
      '<ul><li>one</li><li>two</li></ul><ol><li>first</li></ol><blockquote><p>quote</p></blockquote>' +
      '<pre><code>npm start</code></pre><hr>';
    expect(sanitizeRichText(html)).toBe(html.replace('<br>', '<br />').replace('<hr>', '<hr />'));
    expect(
      sanitizeRichText('<p><a href="https://example.com/a?b=1">link</a> <a href="mailto:hi@example.com">mail</a></p>'),
    ).toBe(
      '<p><a href="https://example.com/a?b=1" target="_blank" rel="noopener noreferrer nofollow">link</a> ' +
        '<a href="mailto:hi@example.com" target="_blank" rel="noopener noreferrer nofollow">mail</a></p>',
    );
  });

  it('knows when nothing is left to show', () => {
    expect(isBlankHtml(sanitizeRichText('<script>alert(1)</script>'))).toBe(true);
    expect(isBlankHtml('<p> </p><p>&nbsp;</p>')).toBe(true);
    expect(isBlankHtml('<p>x</p>')).toBe(false);
  });
});
