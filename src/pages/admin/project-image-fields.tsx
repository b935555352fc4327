import type { FC } from 'hono/jsx';
import { UPLOAD_ROWS, type ImageRow } from '../../catalog/project-form-images.js';
import { formatByteSize } from '../byte-size.js';

type Errors = Record<string, string | undefined>;

const FieldError: FC<{ id: string; errors: Errors }> = ({ id, errors }) =>
  errors[id] ? (
    <p class="field-error" id={`${id}-error`}>
      <span class="visually-hidden">Error: </span>
      {errors[id]}
    </p>
  ) : null;

const TextField: FC<{ id: string; label: string; value: string; errors: Errors; hint?: string }> = ({ id, label, value, errors, hint }) => {
  const describedBy = [hint ? `${id}-hint` : '', errors[id] ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div class={errors[id] ? 'field has-error' : 'field'}>
      <label for={id}>{label}</label>
      {hint ? (
        <span class="hint" id={`${id}-hint`}>
          {hint}
        </span>
      ) : null}
      <input id={id} name={id} type="text" value={value} maxlength={300} aria-invalid={errors[id] ? 'true' : undefined} aria-describedby={describedBy} />
      <FieldError id={id} errors={errors} />
    </div>
  );
};

/** The images of the admin project form: the ones shown (alt, caption, cover, remove) and new files, each with its alt text. */
export const ProjectImageFields: FC<{ images: ImageRow[]; errors: Errors; uploadLimitBytes: number }> = ({ images, errors, uploadLimitBytes }) => (
  <fieldset class="field image-fields" id="images">
    <legend>Images</legend>
    <p class="hint" id="images-hint">
      The cover is shown at the top of the project page and on its card; the others form the gallery (at most 12). JPEG, PNG, WebP, AVIF or GIF; location and other metadata are removed. The files chosen
      at once may come to at most {formatByteSize(uploadLimitBytes)} in all (larger, and nothing is saved): add more after saving.
    </p>
    <FieldError id="images" errors={errors} />
    {images.length > 1 ? (
      <p class="hint" id="images-order-hint">
        To change the order, give the images new places and save; the cover still comes first.
      </p>
    ) : null}
    {images.length > 0 ? (
      <ol class="image-rows">
        {images.map((image, i) => (
          <li>
            <img src={image.thumb} alt="" width={image.width} height={image.height} loading="lazy" class="image-thumb" />
            <input type="hidden" name={`image_${i}_key`} value={image.key} />
            <TextField id={`image_${i}_alt`} label={`Image ${i + 1}: alternative text`} value={image.alt} errors={errors} />
            <TextField id={`image_${i}_caption`} label={`Image ${i + 1}: caption (optional)`} value={image.caption} errors={errors} />
            {images.length > 1 ? (
              <div class="field">
                <label for={`image_${i}_place`}>Image {i + 1}: place</label>
                <input id={`image_${i}_place`} name={`image_${i}_place`} type="number" inputmode="numeric" min={1} max={images.length} value={String(i + 1)} class="image-place" aria-describedby="images-order-hint" />
              </div>
            ) : null}
            <label>
              <input type="radio" name="cover" value={image.key} checked={i === 0} /> Image {i + 1} is the cover
            </label>
            <label>
              <input type="checkbox" name={`image_${i}_remove`} value="1" /> Remove image {i + 1}
            </label>
          </li>
        ))}
      </ol>
    ) : (
      <p>No images yet: the site draws a placeholder.</p>
    )}
    {Array.from({ length: UPLOAD_ROWS }, (_, k) => k + 1).map((j) => (
      <div class="upload-row">
        <div class={errors[`upload_${j}_file`] ? 'field has-error' : 'field'}>
          <label for={`upload_${j}_file`}>New image {j}</label>
          <input
            id={`upload_${j}_file`}
            name={`upload_${j}_file`}
            type="file"
            accept="image/jpeg,image/png,image/webp,image/avif,image/gif"
            aria-invalid={errors[`upload_${j}_file`] ? 'true' : undefined}
            aria-describedby={errors[`upload_${j}_file`] ? `images-hint upload_${j}_file-error` : 'images-hint'}
          />
          <FieldError id={`upload_${j}_file`} errors={errors} />
        </div>
        <TextField id={`upload_${j}_alt`} label={`New image ${j}: alternative text`} hint="Required with a file: what the image shows, for people who cannot see it." value="" errors={errors} />
        <TextField id={`upload_${j}_caption`} label={`New image ${j}: caption (optional)`} value="" errors={errors} />
      </div>
    ))}
  </fieldset>
);
