import { Typography } from '@mantine/core';

/**
 * HTML that staff wrote (FAQ answers, blog posts). It was sanitised on the server when it was saved (scripts,
 * handlers, styles, iframes, SVG and non-http(s) links removed), so it is shown as it is, with typography styles.
 */
export function HtmlContent({ html, maxLines }: { html: string; maxLines?: number }) {
  return (
    <Typography
      style={
        maxLines
          ? { display: '-webkit-box', WebkitLineClamp: maxLines, WebkitBoxOrient: 'vertical', overflow: 'hidden' }
          : undefined
      }
    >
      {/* Server-sanitised HTML (modules/content/sanitize.ts). */}
      <div dangerouslySetInnerHTML={{ __html: html }} />
    </Typography>
  );
}
