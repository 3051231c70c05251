'use client';

import { type FormEvent, useId, useState } from 'react';
import type { ImportReport } from '../project-files';
import {
  ENGLISH_FILE_ACTION_TEXTS,
  type FileActionTexts,
  type ImportRefusal,
  importFailureText,
} from './texts';

export interface ProjectFileActionsProps {
  projectId: string;
  /** The page's locale segment (`de-eu`): the exported files print their labels in its language. */
  locale?: string;
  /** A submitted project (or the sales inbox): export only. */
  readOnly: boolean;
  texts?: FileActionTexts;
  /** Called after lines were imported, so the page can read the project again. */
  onImported?: () => void;
}

type ImportState =
  | { kind: 'idle' }
  | { kind: 'busy' }
  | { kind: 'done'; report: ImportReport }
  | { kind: 'error'; message: string };

/**
 * A project's files (issue 9 item 5): links to its CSV and printable PDF (`/api/projects/{id}/export.*`,
 * authorised by the UserToken cookie the browser sends), and — unless read-only — the CSV import form
 * (`POST /api/projects/{id}/import`, multipart) with its per-line report. Nothing here needs a script to
 * export; the import needs one to show the report in place.
 */
export function ProjectFileActions({
  projectId,
  locale,
  readOnly,
  texts = ENGLISH_FILE_ACTION_TEXTS,
  onImported,
}: ProjectFileActionsProps) {
  const [state, setState] = useState<ImportState>({ kind: 'idle' });
  const ids = useId();
  const base = `/api/projects/${encodeURIComponent(projectId)}`;
  const language = locale ? `?locale=${encodeURIComponent(locale)}` : '';

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const file = form.get('file');
    if (!(file instanceof File) || file.size === 0) {
      setState({ kind: 'error', message: importFailureText(texts, null) });
      return;
    }
    setState({ kind: 'busy' });
    try {
      const response = await fetch(`${base}/import`, {
        method: 'POST',
        body: form,
        credentials: 'same-origin',
      });
      const answer = (await response.json().catch(() => null)) as (ImportReport & ImportRefusal) | null;
      if (answer && Array.isArray(answer.lines)) {
        setState({ kind: 'done', report: answer });
        if (answer.applied) onImported?.();
        return;
      }
      setState({ kind: 'error', message: importFailureText(texts, answer) });
    } catch (error) {
      console.warn('[projects] import failed:', error);
      setState({ kind: 'error', message: importFailureText(texts, null) });
    }
  }

  return (
    <section className="project-files panel" aria-labelledby={`${ids}-title`}>
      <h2 id={`${ids}-title`} className="section__title">
        {texts.title}
      </h2>
      <ul className="project-files__exports">
        <li>
          <a href={`${base}/export.csv${language}`} download>
            {texts.exportCsv}
          </a>
        </li>
        <li>
          <a href={`${base}/export.pdf${language}`} target="_blank" rel="noopener">
            {texts.exportPdf}
          </a>
        </li>
      </ul>
      {readOnly ? null : (
        <form className="project-files__import" onSubmit={submit} aria-describedby={`${ids}-hint`}>
          <h3 className="project-files__import-title">{texts.importTitle}</h3>
          <p id={`${ids}-hint`} className="project-files__hint">
            {texts.importHint}
          </p>
          <label htmlFor={`${ids}-file`}>{texts.file}</label>{' '}
          <input id={`${ids}-file`} name="file" type="file" accept=".csv,text/csv,text/plain" required />{' '}
          <button type="submit" className="button" disabled={state.kind === 'busy'}>
            {state.kind === 'busy' ? texts.importing : texts.import}
          </button>
        </form>
      )}
      <div role="status" aria-live="polite" className="project-files__status">
        {state.kind === 'error' && <p className="project-files__error">{state.message}</p>}
        {state.kind === 'done' && <p>{state.report.applied ? texts.applied : texts.notApplied}</p>}
      </div>
      {state.kind === 'done' && state.report.lines.length > 0 && (
        <table className="sku-table project-files__report">
          <caption>{texts.report}</caption>
          <thead>
            <tr>
              <th scope="col">{texts.line}</th>
              <th scope="col">{texts.catalogueNumber}</th>
              <th scope="col">{texts.quantity}</th>
              <th scope="col">{texts.status}</th>
            </tr>
          </thead>
          <tbody>
            {state.report.lines.map((line) => (
              <tr key={line.line} data-status={line.status}>
                <td className="sku-table__number" data-label={texts.line}>
                  {line.line}
                </td>
                <td className="sku-table__number" data-label={texts.catalogueNumber}>
                  {line.catalogueNumber || '–'}
                </td>
                <td className="sku-table__number" data-label={texts.quantity}>
                  {line.quantity ?? '–'}
                </td>
                <td data-label={texts.status}>
                  {texts.statuses[line.status]}
                  {line.status === 'refused' && line.message ? ` – ${line.message}` : ''}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
