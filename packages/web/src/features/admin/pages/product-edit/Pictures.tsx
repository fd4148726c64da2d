/** The product's pictures: the first is the main one; moved, removed, uploaded or added as a share link. */
import type { AdminImage } from '@shop/domain/back-office/schemas';
import { isImageLink, MAX_IMAGES } from '@shop/domain/catalog/product';
import { useRef, useState } from 'react';
import { Field, Result, useAction } from '../../ui';

export function Pictures({
  images,
  setImages,
  sku,
  saved,
  error,
}: {
  images: AdminImage[];
  setImages: (change: (all: AdminImage[]) => AdminImage[]) => void;
  sku: string;
  /** A saved product takes an upload at once (the page's data brings it back); a new one keeps it here. */
  saved: boolean;
  error?: string;
}) {
  const file = useRef<HTMLInputElement>(null);
  const [link, setLink] = useState('');
  const [linkError, setLinkError] = useState('');
  const upload = useAction((result) => {
    const image = saved ? undefined : (result.data as AdminImage | undefined);
    if (image) setImages((all) => (all.some((i) => i.link === image.link) ? all : [...all, image]));
    if (file.current) file.current.value = '';
  });
  const move = (from: number, to: number) =>
    setImages((all) => {
      const next = [...all];
      const [item] = next.splice(from, 1);
      if (item) next.splice(to, 0, item);
      return next;
    });
  const send = () => {
    const chosen = file.current?.files?.[0];
    const form = new FormData();
    if (chosen) form.append('file', chosen);
    void upload.fetcher.submit(form, { method: 'post', encType: 'multipart/form-data' });
  };
  const addLink = () => {
    const value = link.trim();
    if (!isImageLink(value)) {
      setLinkError('A share link has a /d/{id}/ part, e.g. https://drive.google.com/file/d/abc123/view.');
      return;
    }
    setLinkError('');
    setImages((all) =>
      all.some((i) => i.link === value) ? all : [...all, { link: value, thumb_url: '', url: '' }],
    );
    setLink('');
  };
  return (
    <fieldset className="admin-fieldset">
      <legend>Pictures</legend>
      <p className="admin-note">
        The first picture is the main one. At most {MAX_IMAGES}.{' '}
        {saved
          ? 'An uploaded picture is added to the product at once; moving or removing pictures, or adding a share link, takes effect when you save.'
          : 'Pictures are kept when you create the product.'}
      </p>
      {error && (
        <p className="field-error" role="alert">
          {error}
        </p>
      )}
      {images.length === 0 ? (
        <p>No pictures.</p>
      ) : (
        <ol className="admin-pictures">
          {images.map((image, i) => {
            const name = `picture ${i + 1}`;
            return (
              <li key={image.link}>
                {image.thumb_url ? (
                  <img
                    src={image.thumb_url}
                    alt={`${sku} ${name}`}
                    width={96}
                    height={96}
                    className="admin-pictures__thumb"
                  />
                ) : (
                  <span className="admin-pictures__none">
                    Preview after saving
                    <span className="admin-pictures__link">{image.link}</span>
                  </span>
                )}
                <span className="admin-pictures__name">{i === 0 ? 'Main picture' : `Picture ${i + 1}`}</span>
                <span className="admin-actions">
                  <button
                    type="button"
                    className="admin-btn admin-btn--small"
                    disabled={i === 0}
                    onClick={() => move(i, i - 1)}
                    aria-label={`Move ${name} up`}
                  >
                    Up
                  </button>
                  <button
                    type="button"
                    className="admin-btn admin-btn--small"
                    disabled={i === images.length - 1}
                    onClick={() => move(i, i + 1)}
                    aria-label={`Move ${name} down`}
                  >
                    Down
                  </button>
                  <button
                    type="button"
                    className="admin-btn admin-btn--small"
                    onClick={() => setImages((all) => all.filter((x) => x.link !== image.link))}
                    aria-label={`Remove ${name}`}
                  >
                    Remove
                  </button>
                </span>
              </li>
            );
          })}
        </ol>
      )}
      <div className="admin-row">
        <div className="admin-field">
          <label htmlFor="picture-file">Upload a picture (JPEG, PNG or WebP, at most 10 MB)</label>
          <input id="picture-file" ref={file} type="file" accept="image/jpeg,image/png,image/webp" />
        </div>
        <button type="button" className="admin-btn" onClick={send} disabled={upload.busy}>
          {upload.busy ? 'Uploading…' : 'Upload picture'}
        </button>
      </div>
      <Result result={upload.result} />
      <div className="admin-row">
        <Field
          id="picture-link"
          label="Or add a share link"
          value={link}
          maxLength={500}
          onChange={(e) => setLink(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              addLink();
            }
          }}
          error={linkError}
        />
        <button type="button" className="admin-btn" onClick={addLink}>
          Add link
        </button>
      </div>
    </fieldset>
  );
}
