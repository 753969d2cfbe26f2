import { ResponsiveImage } from '../../components/responsive-image.tsx';
import { usePreviewUrl } from '../../components/image-picker/image-file.ts';
import type { EditorPicture } from './editor-entries.ts';
import './picture-card.css';

export type PictureCardProps = {
  picture: EditorPicture;
  /** "Photo 2" — names the buttons for screen readers. */
  label: string;
  onTurn: (by: 90 | -90) => void;
  onRemove: () => void;
};

/** One photo in the editor: its preview (turned as it will be stored) and its buttons. */
export function PictureCard({ picture, label, onTurn, onRemove }: PictureCardProps) {
  const preview = usePreviewUrl(picture.kind === 'new' ? picture.file : null);
  return (
    <li className="picture-card">
      <div className="picture-card__frame">
        {picture.kind === 'saved' ? (
          <ResponsiveImage className="picture-card__image" url={picture.url} alt={`${label}, saved`} sizes="10rem" />
        ) : (
          preview && (
            <img
              className="picture-card__image"
              src={preview}
              alt={`${label}, new: ${picture.file.name}${picture.rotation ? `, turned ${picture.rotation}°` : ''}`}
              style={{ transform: `rotate(${picture.rotation}deg)` }}
            />
          )
        )}
      </div>
      <div className="picture-card__actions">
        {picture.kind === 'new' && (
          <>
            <button type="button" className="button picture-card__button" onClick={() => onTurn(-90)} aria-label={`Rotate ${label} left`}>
              <span aria-hidden="true">⟲</span>
            </button>
            <button type="button" className="button picture-card__button" onClick={() => onTurn(90)} aria-label={`Rotate ${label} right`}>
              <span aria-hidden="true">⟳</span>
            </button>
          </>
        )}
        <button type="button" className="button picture-card__button" onClick={onRemove} aria-label={`Remove ${label}`}>
          Remove
        </button>
      </div>
    </li>
  );
}
