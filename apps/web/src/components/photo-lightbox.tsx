import { imageSources } from '@club/contracts/plain';
import Lightbox, { type SlideImage } from 'yet-another-react-lightbox';
import Captions from 'yet-another-react-lightbox/plugins/captions';
import Counter from 'yet-another-react-lightbox/plugins/counter';
import 'yet-another-react-lightbox/styles.css';
import 'yet-another-react-lightbox/plugins/captions.css';
import 'yet-another-react-lightbox/plugins/counter.css';
import './photo-lightbox.css';

/** One picture of the large view: its stored URL, what it shows, and the line under it. */
type LightboxPhoto = { url: string; alt: string; caption: string };

export type PhotoLightboxProps = {
  photos: readonly LightboxPhoto[];
  /** Names the dialog for screen readers: "Photos from {label}". */
  label: string;
  index: number;
  isOpen: boolean;
  onClose: () => void;
  /** After the closing animation, so focus can go back to the thumbnail. */
  onClosed: () => void;
};

/** A slide with every stored size, so the large view also loads no more than the screen needs. */
function toSlide({ url, alt, caption }: LightboxPhoto): SlideImage {
  const { src, width, height, srcSet, webpSrcSet } = imageSources(url);
  const candidates = (webpSrcSet ?? srcSet ?? '')
    .split(', ')
    .filter(Boolean)
    .map((candidate) => {
      const [candidateUrl = '', descriptor = '0w'] = candidate.split(' ');
      const w = Number(descriptor.slice(0, -1));
      return { src: candidateUrl, width: w, height: width && height ? Math.round((w * height) / width) : w };
    });
  return { src, alt, description: caption, width, height, srcSet: candidates.length ? candidates : undefined };
}

/**
 * The large view of photos (yet-another-react-lightbox), for posts and the Shaft Award: arrows and
 * Escape on the keyboard, swipe on a phone, focus kept inside while open; "3 of 12" and a caption
 * on screen, and arrows on dark discs that stay visible over a white sky. Loaded when first opened.
 */
export default function PhotoLightbox({ photos, label, index, isOpen, onClose, onClosed }: PhotoLightboxProps) {
  const isSingle = photos.length <= 1;
  return (
    <Lightbox
      className="photo-lightbox"
      open={isOpen}
      close={onClose}
      index={index}
      slides={photos.map(toSlide)}
      plugins={isSingle ? [Captions] : [Captions, Counter]}
      counter={{ separator: 'of' }}
      captions={{ descriptionTextAlign: 'center' }}
      on={{ exited: onClosed }}
      controller={{ closeOnBackdropClick: true }}
      carousel={{ finite: isSingle }}
      render={isSingle ? { buttonPrev: () => null, buttonNext: () => null } : undefined}
      labels={{ Lightbox: `Photos from ${label}` }}
    />
  );
}
