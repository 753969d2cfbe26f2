import { parseEventText } from './event-text.ts';

/** Event text with its `[u]url[/u]` markers as links; line breaks kept; rendered as text only. */
export function EventDescription({ text }: { text: string }) {
  return (
    <p className="event-text">
      {parseEventText(text).map((part, index) =>
        part.kind === 'link' ? (
          <a key={index} href={part.url} target="_blank" rel="noopener noreferrer">
            {part.url}
          </a>
        ) : (
          <span key={index}>{part.text}</span>
        ),
      )}
    </p>
  );
}
