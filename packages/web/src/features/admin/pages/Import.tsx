/**
 * /acer/admin/import: a CSV of products. The preview shows every row (new, the fields it changes old → new,
 * unchanged, or its errors); Apply writes exactly that preview, or nothing when a row has an error.
 */
import type { ImportPreview, ImportRowPreview } from '@shop/domain/back-office/schemas';
import { useRef, useState } from 'react';
import { Link } from 'react-router';
import { api } from '../../../lib/api';
import { ADMIN_BASE, done, failed, failureOf } from '../api';
import type { AdminPage, PageArgs } from '../routing';
import { PageTitle, Result, useAction } from '../ui';

async function action({ request }: PageArgs) {
  const form = await request.formData();
  const file = form.get('file');
  if (!(file instanceof File) || file.size === 0) return failed('Choose a CSV file to import.');
  const upload = new FormData();
  upload.append('file', file, file.name);
  const apply = form.get('intent') === 'apply';
  if (apply) upload.append('token', String(form.get('token') ?? ''));
  try {
    if (!apply) {
      const { preview } = await api('POST /api/admin/catalog/import/preview', { form: upload });
      const { summary } = preview;
      const counts = `${summary.new} new, ${summary.changed} changed, ${summary.unchanged} unchanged, ${summary.errors} with errors`;
      // A file that cannot be applied is said as an error, so it is read out at once.
      if (summary.errors > 0 || preview.problems.length > 0)
        return failed(`Preview of ${file.name}: ${counts}. Fix the file and preview it again.`, undefined, {
          preview,
        });
      return done(`Preview of ${file.name}: ${counts}.`, { preview });
    }
    const answer = await api('POST /api/admin/catalog/import/apply', { form: upload });
    return done(answer.smessage, { preview: answer.preview, applied: true });
  } catch (error) {
    return failureOf(error, request);
  }
}

function show(value: unknown): string {
  if (value === null || value === undefined || value === '') return '(empty)';
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

const STATUS_LABELS: Record<ImportRowPreview['status'], string> = {
  new: 'New',
  changed: 'Changed',
  unchanged: 'Unchanged',
  error: 'Error',
};

function PreviewTable({ preview }: { preview: ImportPreview }) {
  return (
    <div className="admin-table-wrap">
      <table className="admin-table">
        <caption>Rows of the file</caption>
        <thead>
          <tr>
            <th scope="col" className="admin-num">
              Line
            </th>
            <th scope="col">SKU</th>
            <th scope="col">Result</th>
            <th scope="col">Changes or errors</th>
          </tr>
        </thead>
        <tbody>
          {preview.rows.map((row) => (
            <tr key={row.line} className={row.status === 'error' ? 'admin-row--error' : undefined}>
              <td className="admin-num">{row.line}</td>
              <td>
                {row.item_id ? <Link to={`${ADMIN_BASE}/products/${row.item_id}`}>{row.sku}</Link> : row.sku}
              </td>
              <td>{STATUS_LABELS[row.status]}</td>
              <td>
                {row.errors.length > 0 ? (
                  <ul className="admin-plain-list">
                    {row.errors.map((e) => (
                      <li key={e}>{e}</li>
                    ))}
                  </ul>
                ) : row.changes.length > 0 ? (
                  <ul className="admin-plain-list">
                    {row.changes.map((c) => (
                      <li key={c.field}>
                        {c.field}: {row.status === 'new' ? show(c.new) : `${show(c.old)} → ${show(c.new)}`}
                      </li>
                    ))}
                  </ul>
                ) : (
                  '—'
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function Import() {
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const { fetcher, busy, result } = useAction();
  const outcome = (result?.data ?? null) as { preview?: ImportPreview; applied?: boolean } | null;
  const preview = outcome?.preview ?? null;
  const applied = outcome?.applied === true && result?.ok === true;
  const blocked = !preview || preview.summary.errors > 0 || preview.problems.length > 0;

  const send = (intent: 'preview' | 'apply') => {
    const form = new FormData();
    form.append('intent', intent);
    if (file) form.append('file', file);
    if (intent === 'apply' && preview) form.append('token', preview.token);
    void fetcher.submit(form, { method: 'post', encType: 'multipart/form-data' });
  };

  return (
    <>
      <PageTitle title="Catalog import">Catalog import</PageTitle>
      <p>
        A CSV with a <code>sku</code> column and any of the product columns. For a SKU already in the catalog
        only the named columns change, and an empty cell leaves the field as it is; a new SKU needs{' '}
        <code>item_name</code>, <code>category</code>, <code>item_condition</code> and <code>price</code>.
        Nothing is written while any row has an error.
      </p>
      <form
        className="admin-form admin-row"
        onSubmit={(e) => {
          e.preventDefault();
          send('preview');
        }}
      >
        <div className="admin-field">
          <label htmlFor="import-file">CSV file (at most 20 MB)</label>
          <input
            id="import-file"
            ref={input}
            type="file"
            accept=".csv,text/csv"
            onChange={(e) => setFile(e.target.files?.[0] ?? null)}
          />
        </div>
        <button type="submit" className="admin-btn" disabled={busy}>
          Preview
        </button>
      </form>
      <Result result={result} />
      {preview && (
        <section className="admin-section" aria-labelledby="preview-heading">
          <h2 id="preview-heading">{applied ? 'Imported' : 'Preview'}</h2>
          <p>
            {preview.summary.new} new, {preview.summary.changed} changed, {preview.summary.unchanged}{' '}
            unchanged, {preview.summary.errors} with errors.
          </p>
          {preview.problems.length > 0 && (
            <ul className="admin-problems">
              {preview.problems.map((p) => (
                <li key={`${p.line}-${p.message}`}>
                  Line {p.line}: {p.message}
                </li>
              ))}
            </ul>
          )}
          {!applied && (
            <div className="admin-actions">
              <button
                type="button"
                className="admin-btn admin-btn--primary"
                disabled={busy || blocked}
                onClick={() => send('apply')}
              >
                Apply
              </button>
              {blocked && <span className="admin-note">Fix the file and preview it again.</span>}
            </div>
          )}
          {preview.rows.length > 0 && <PreviewTable preview={preview} />}
        </section>
      )}
    </>
  );
}

export const importPage: AdminPage = { path: '/import', action, Component: Import };
