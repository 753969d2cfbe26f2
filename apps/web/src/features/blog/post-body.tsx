import type { BlogPost } from '@club/contracts';
import { Fragment } from 'react';
import { PostGallery } from './post-gallery.tsx';
import { toParagraphs } from './post-text.ts';
import { VideoEmbed } from './video-embed.tsx';
import './blog.css';

/** Text as text: paragraphs, line breaks and automatic links, never HTML. */
function PostText({ text }: { text: string }) {
  return (
    <>
      {toParagraphs(text).map((paragraph, p) => (
        <p key={p}>
          {paragraph.map((part, n) => {
            if (part.kind === 'break') return <br key={n} />;
            if (part.kind === 'link') {
              return (
                <a key={n} href={part.href} rel="noopener noreferrer nofollow" target="_blank">
                  {part.text}
                </a>
              );
            }
            return <Fragment key={n}>{part.text}</Fragment>;
          })}
        </p>
      ))}
    </>
  );
}

const DATE_FORMAT = new Intl.DateTimeFormat('en-US', { month: 'long', day: 'numeric', year: 'numeric', timeZone: 'UTC' });

/** A post's date as "April 18, 2026". */
export function formatPostDate(date: string): string {
  const parsed = new Date(`${date}T00:00:00Z`);
  return Number.isNaN(parsed.getTime()) ? date : DATE_FORMAT.format(parsed);
}

/** A post's entries in order: text, photo galleries and videos; `isAtTop` for the page's first post. */
export function PostBody({ post, isAtTop = false }: { post: BlogPost; isAtTop?: boolean }) {
  const firstGallery = post.htmlData.findIndex((entry) => 's' in entry && entry.s.length > 0);
  return (
    <div className="post-body">
      {post.htmlData.map((entry, n) => {
        if ('h' in entry) return <PostText key={n} text={entry.h} />;
        if ('s' in entry) return entry.s.length ? <PostGallery key={n} urls={entry.s} title={post.title} isAtTop={isAtTop && n === firstGallery} /> : null;
        return entry.y ? <VideoEmbed key={n} videoId={entry.y} title={post.title} /> : null;
      })}
    </div>
  );
}
