import { Fragment } from 'react';
import { splitLinks } from './forum-rules.ts';

/** A member's text as text: line breaks kept, web addresses as links, never HTML. */
export function ForumText({ text }: { text: string }) {
  return (
    <p className="forum-text">
      {splitLinks(text).map((piece, index) =>
        piece.kind === 'link' ? (
          <a key={index} href={piece.href} rel="noopener noreferrer nofollow ugc">
            {piece.text}
          </a>
        ) : (
          <Fragment key={index}>{piece.text}</Fragment>
        ),
      )}
    </p>
  );
}
