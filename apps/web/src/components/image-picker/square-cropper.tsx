import { Fragment, useId, useRef, useState, type PointerEvent } from 'react';
import type { Crop } from './image-file.ts';
import { centredSquare, clampCrop, resizeCrop } from './square-crop.ts';
import './square-cropper.css';

export type SquareCropperProps = {
  /** An object URL of the chosen file. */
  src: string;
  crop: Crop | null;
  onChange: (crop: Crop) => void;
};

type Size = { width: number; height: number };

/** Below this the stored 600-pixel photo would be visibly blurry. */
const MIN_CROP = 80;

/** The two sliders that move the square, each along one side of the photo. */
const AXES = [
  { axis: 'x', extent: 'width', label: 'Left and right' },
  { axis: 'y', extent: 'height', label: 'Up and down' },
] as const;

/**
 * Shows the photo with the square that will be kept. Drag the square to move it; the sliders
 * do the same from the keyboard. The crop is in the photo's own pixels, as the server wants.
 */
export function SquareCropper({ src, crop, onChange }: SquareCropperProps) {
  const [natural, setNatural] = useState<Size | null>(null);
  const frameRef = useRef<HTMLDivElement>(null);
  const dragRef = useRef<{ pointerX: number; pointerY: number; start: Crop } | null>(null);
  const ids = { size: useId(), x: useId(), y: useId() };

  const minSize = natural ? Math.min(MIN_CROP, natural.width, natural.height) : 1;
  const set = (next: Crop) => natural && onChange(clampCrop(next, natural.width, natural.height, minSize));

  function startDrag(event: PointerEvent<HTMLDivElement>) {
    if (!crop) return;
    event.currentTarget.setPointerCapture(event.pointerId);
    dragRef.current = { pointerX: event.clientX, pointerY: event.clientY, start: crop };
  }

  function drag(event: PointerEvent<HTMLDivElement>) {
    const start = dragRef.current;
    const frame = frameRef.current;
    if (!start || !frame || !natural) return;
    const scale = natural.width / frame.getBoundingClientRect().width;
    set({
      ...start.start,
      x: start.start.x + (event.clientX - start.pointerX) * scale,
      y: start.start.y + (event.clientY - start.pointerY) * scale,
    });
  }

  const percent = (value: number, of: number) => `${(value / of) * 100}%`;

  return (
    <div className="cropper">
      <div className="cropper__frame" ref={frameRef}>
        <img
          className="cropper__image"
          src={src}
          alt="The chosen photo"
          onLoad={(event) => {
            const { naturalWidth: width, naturalHeight: height } = event.currentTarget;
            setNatural({ width, height });
            onChange(centredSquare(width, height));
          }}
        />
        {natural && crop && (
          <div
            className="cropper__square"
            aria-hidden="true"
            style={{
              left: percent(crop.x, natural.width),
              top: percent(crop.y, natural.height),
              width: percent(crop.size, natural.width),
              height: percent(crop.size, natural.height),
            }}
            onPointerDown={startDrag}
            onPointerMove={drag}
            onPointerUp={() => (dragRef.current = null)}
            onPointerCancel={() => (dragRef.current = null)}
          />
        )}
      </div>
      {natural && crop && (
        <div className="cropper__sliders">
          <p className="cropper__hint">Drag the square, or use these sliders, to choose the part of the photo to keep.</p>
          <label htmlFor={ids.size}>Size of the square</label>
          <input
            id={ids.size}
            type="range"
            min={minSize}
            max={Math.min(natural.width, natural.height)}
            value={crop.size}
            onChange={(event) => natural && onChange(resizeCrop(crop, Number(event.currentTarget.value), natural.width, natural.height, minSize))}
          />
          {AXES.map(({ axis, extent, label }) => (
            <Fragment key={axis}>
              <label htmlFor={ids[axis]}>{label}</label>
              <input
                id={ids[axis]}
                type="range"
                min={0}
                max={Math.max(0, natural[extent] - crop.size)}
                value={crop[axis]}
                disabled={natural[extent] === crop.size}
                onChange={(event) => set({ ...crop, [axis]: Number(event.currentTarget.value) })}
              />
            </Fragment>
          ))}
        </div>
      )}
    </div>
  );
}
