import { useState } from 'react';

export type VideoEmbedProps = { videoId: string; title: string };

/**
 * A video on the privacy-enhanced embed domain, loaded only when the visitor asks for it:
 * until then nothing is fetched from the video site.
 */
export function VideoEmbed({ videoId, title }: VideoEmbedProps) {
  const [isPlaying, setIsPlaying] = useState(false);
  if (isPlaying) {
    return (
      <div className="video-embed">
        <iframe
          className="video-embed__frame"
          src={`https://www.youtube-nocookie.com/embed/${encodeURIComponent(videoId)}?autoplay=1&rel=0`}
          title={`Video: ${title}`}
          allow="autoplay; encrypted-media; picture-in-picture; fullscreen"
          allowFullScreen
          referrerPolicy="strict-origin-when-cross-origin"
        />
      </div>
    );
  }
  return (
    <div className="video-embed">
      <button type="button" className="video-embed__play" onClick={() => setIsPlaying(true)}>
        <span className="video-embed__icon" aria-hidden="true">
          ▶
        </span>
        <span>Play video</span>
        <span className="video-embed__note">Loads the player from YouTube (privacy-enhanced mode).</span>
      </button>
    </div>
  );
}
