'use client';

import { QueryClientProvider, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useRouter } from 'next/navigation';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { lineStockNote, stockUnitsOf } from '../product/stock-note';
import { QuoteStatusLink, useQuoteStatuses } from '../quotes/quote-status-link';
import { EmptyProjectRecommendations } from '../search/empty-project-recommendations';
import type { ClientStores } from './client-state';
import { ConfirmDialog } from './confirm-dialog';
import { PackagingChoice } from './packaging-choice';
import { type ClientProject, ProjectCallError, type ProjectLine, projectApi } from './project-api';
import { MAX_BRAND_LENGTH, projectName, submittedAt } from './project-form';
import { fillText, type ProjectScreenTexts } from './project-texts';
import { parseQuantity } from './quantity';
import { projectKeys, projectQueryClient } from './query-client';
import { SessionNotice } from './session-notice';
import { useProjectSession } from './use-project-session';

export interface ProjectScreenProps {
  projectId: string;
  locale: string;
  language: string;
  projectsPath: string;
  /** The product page of an ID in the page's locale, as a template: `/fr-ca/product/{id}`. */
  productHref: string;
  loginHref: string;
  texts: ProjectScreenTexts;
}

/**
 * One project (client side, the user's own): its details and worksheet — product names linking to
 * their pages, catalogue numbers, quantities edited in place, packaging option per line, removal — the
 * brand, and duplicate, delete and submit for quote (both with a confirmation). A submitted project is
 * read-only and shows when it was submitted. Refusals show the route's message (spec §8); a refused
 * packaging option is shown with `window.alert`.
 */
export function ProjectScreen(props: ProjectScreenProps) {
  return (
    <QueryClientProvider client={projectQueryClient()}>
      <ProjectContent {...props} />
    </QueryClientProvider>
  );
}

function ProjectContent(props: ProjectScreenProps) {
  const session = useProjectSession();
  const { texts, loginHref } = props;
  if (session.status !== 'ready') {
    return <SessionNotice session={session} texts={texts} loginHref={loginHref} />;
  }
  return <Worksheet {...props} stores={session.stores} />;
}

function Worksheet({
  projectId,
  locale,
  language,
  projectsPath,
  productHref,
  texts,
  stores,
}: ProjectScreenProps & { stores: ClientStores }) {
  const router = useRouter();
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState<'delete' | 'submit' | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const worksheet = useQuery({
    queryKey: projectKeys.worksheet(projectId),
    queryFn: () => projectApi.worksheet(projectId),
  });
  const project = worksheet.data?.Order;
  const unsubmitted = project?.Status === 'Unsubmitted';

  useEffect(() => {
    // The project the user works on is the one the add-to-project dialog offers first.
    if (unsubmitted) stores.project.getState().selectProject(projectId);
  }, [unsubmitted, projectId, stores]);

  const refresh = () => queryClient.invalidateQueries({ queryKey: projectKeys.all });
  const fail = (error: Error) => setFailure(fillText(texts.failed, { message: error.message }));
  const clear = () => {
    setFailure(null);
    setNotice(null);
  };

  const remove = useMutation({
    mutationFn: () => projectApi.remove(projectId),
    onMutate: clear,
    onSuccess: async () => {
      await refresh();
      router.push(projectsPath);
    },
    onError: fail,
  });
  const submit = useMutation({
    mutationFn: () => projectApi.submit(projectId),
    onMutate: clear,
    onSuccess: async () => {
      await refresh();
      document.getElementById('project-heading')?.focus();
    },
    onError: fail,
  });
  const duplicate = useMutation({
    mutationFn: () => projectApi.duplicate(projectId),
    onMutate: clear,
    onSuccess: async (copy: ClientProject) => {
      await refresh();
      if (copy.ID) router.push(`${projectsPath}/${encodeURIComponent(copy.ID)}`);
    },
    onError: fail,
  });

  if (worksheet.isPending) {
    return (
      <p className="projects__status" role="status">
        {texts.loading}
      </p>
    );
  }
  if (worksheet.isError || !project) {
    const missing =
      worksheet.error instanceof ProjectCallError && [403, 404].includes(worksheet.error.status);
    return (
      <div>
        <p className="projects__status" role="alert">
          {missing ? texts.notFound : texts.loadFailed}
        </p>
        <a href={projectsPath}>{texts.actions.back}</a>
      </div>
    );
  }

  const name = projectName(project);
  const lines = worksheet.data?.LineItems ?? [];
  const submittedText = submittedAt(project.DateSubmitted, locale);
  const busy = remove.isPending || submit.isPending || duplicate.isPending;

  return (
    <article className="project" aria-labelledby="project-heading">
      <p>
        <a href={projectsPath}>{texts.actions.back}</a>
      </p>
      <h2 id="project-heading" className="section__title" tabIndex={-1}>
        {name}
      </h2>
      <dl className="project__details">
        <dt>{texts.description}</dt>
        <dd>{project.xp?.projectDesc || '–'}</dd>
        <dt>{texts.region}</dt>
        <dd>{texts.regions[project.xp?.regionName ?? 'US'] ?? project.xp?.regionName}</dd>
        <dt>{texts.status}</dt>
        <dd data-status={unsubmitted ? 'unsubmitted' : 'submitted'}>
          {unsubmitted
            ? texts.statusUnsubmitted
            : fillText(texts.submittedOn, { date: submittedText ?? '–' })}
        </dd>
        {!unsubmitted && (
          <>
            <dt>{texts.brand.label}</dt>
            <dd>{project.xp?.brand || texts.brand.none}</dd>
            <ProjectQuote projectId={projectId} texts={texts} />
          </>
        )}
      </dl>
      {!unsubmitted && <p className="project__read-only">{texts.readOnly}</p>}
      <p className="form-field__error" role="alert">
        {failure}
      </p>
      <p className="project__notice" role="status">
        {notice}
      </p>
      {unsubmitted && (
        <BrandForm
          projectId={projectId}
          brand={project.xp?.brand ?? ''}
          texts={texts}
          onFailure={fail}
          onSaved={() => setNotice(texts.brand.saved)}
        />
      )}
      <LineTable
        projectId={projectId}
        lines={lines}
        editable={unsubmitted}
        language={language}
        productHref={productHref}
        texts={texts}
        onFailure={fail}
        onChanged={(text) => {
          setFailure(null);
          setNotice(text);
        }}
      />
      <div className="project__actions">
        <button
          type="button"
          className="button button--secondary"
          disabled={busy}
          onClick={() => duplicate.mutate()}
        >
          {texts.actions.duplicate}
        </button>
        {unsubmitted && (
          <>
            <button
              type="button"
              className="button button--secondary"
              disabled={busy}
              onClick={() => setConfirming('delete')}
            >
              {texts.actions.delete}
            </button>
            <button
              type="button"
              className="button"
              disabled={busy || lines.length === 0}
              aria-describedby={lines.length === 0 ? 'project-submit-empty' : undefined}
              onClick={() => setConfirming('submit')}
            >
              {texts.actions.submit}
            </button>
            {lines.length === 0 && (
              <span id="project-submit-empty" className="project__hint">
                {texts.actions.submitEmpty}
              </span>
            )}
          </>
        )}
      </div>
      {unsubmitted && lines.length === 0 && (
        <EmptyProjectRecommendations locale={locale} texts={texts.recommendations} />
      )}
      {confirming && (
        <ConfirmDialog
          title={confirming === 'delete' ? texts.confirmDelete.title : texts.confirmSubmit.title}
          message={fillText(
            confirming === 'delete' ? texts.confirmDelete.message : texts.confirmSubmit.message,
            {
              name,
            },
          )}
          confirmLabel={confirming === 'delete' ? texts.confirmDelete.confirm : texts.confirmSubmit.confirm}
          cancelLabel={texts.confirmDelete.cancel}
          onConfirm={() => (confirming === 'delete' ? remove.mutate() : submit.mutate())}
          onClose={() => setConfirming(null)}
        />
      )}
    </article>
  );
}

function BrandForm({
  projectId,
  brand,
  texts,
  onFailure,
  onSaved,
}: {
  projectId: string;
  brand: string;
  texts: ProjectScreenTexts;
  onFailure: (error: Error) => void;
  onSaved: () => void;
}) {
  const id = useId();
  const queryClient = useQueryClient();
  const [value, setValue] = useState(brand);
  const save = useMutation({
    mutationFn: (next: string) => projectApi.setBrand(projectId, next),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: projectKeys.worksheet(projectId) });
      onSaved();
    },
    onError: onFailure,
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate(value.trim());
  };
  return (
    <form className="project__brand" onSubmit={submit}>
      <label className="form-field__label" htmlFor={`${id}-brand`}>
        {texts.brand.label}
      </label>
      <input
        id={`${id}-brand`}
        className="form-field__input"
        type="text"
        maxLength={MAX_BRAND_LENGTH}
        value={value}
        onChange={(event) => setValue(event.target.value)}
      />
      <button type="submit" className="button button--secondary" disabled={save.isPending}>
        {texts.brand.save}
      </button>
    </form>
  );
}

/** What every line of the worksheet shares with its table. */
interface LineContext {
  projectId: string;
  editable: boolean;
  language: string;
  productHref: string;
  texts: ProjectScreenTexts;
  onFailure: (error: Error) => void;
  onChanged: (notice: string | null) => void;
}

function LineTable({ lines, ...context }: LineContext & { lines: ProjectLine[] }) {
  const { editable, texts } = context;
  const w = texts.worksheet;
  if (lines.length === 0) {
    return <p className="projects__status">{w.empty}</p>;
  }
  return (
    <div className="sku-table__scroll">
      <table className="sku-table project__lines">
        <caption className="visually-hidden">{w.caption}</caption>
        <thead>
          <tr>
            <th scope="col">{w.catalogueNumber}</th>
            <th scope="col">{w.product}</th>
            <th scope="col">{w.quantity}</th>
            <th scope="col">{w.packaging}</th>
            {editable && (
              <th scope="col">
                <span className="visually-hidden">{w.actions}</span>
              </th>
            )}
          </tr>
        </thead>
        <tbody>
          {lines.map((line) => (
            <LineRow key={line.ID} line={line} {...context} />
          ))}
        </tbody>
      </table>
    </div>
  );
}

function lineName(line: ProjectLine, language: string): string {
  const names = (line.Product?.xp as { Names?: Record<string, unknown> } | undefined)?.Names;
  const own = names?.[language];
  return (typeof own === 'string' && own) || line.Product?.Name || line.ProductID || '';
}

function LineRow({
  projectId,
  line,
  editable,
  language,
  productHref,
  texts,
  onFailure,
  onChanged,
}: LineContext & { line: ProjectLine }) {
  const id = useId();
  const w = texts.worksheet;
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState(String(line.Quantity ?? 1));
  const [invalid, setInvalid] = useState(false);
  const name = lineName(line, language);
  const lineId = line.ID ?? '';
  const refresh = () => queryClient.invalidateQueries({ queryKey: projectKeys.all });

  const update = useMutation({
    mutationFn: (qty: number) => projectApi.updateLine(projectId, lineId, qty),
    onSuccess: async () => {
      await refresh();
      setEditing(false);
      onChanged(w.updated);
    },
    onError: onFailure,
  });
  const remove = useMutation({
    mutationFn: () => projectApi.removeLine(projectId, lineId),
    onSuccess: async () => {
      await refresh();
      onChanged(null);
      document.getElementById('project-heading')?.focus();
    },
    onError: onFailure,
  });
  const packaging = useMutation({
    mutationFn: (option: string) => projectApi.setPackaging(projectId, lineId, option),
    onSuccess: () => refresh(),
    // Spec §8: a refused packaging option is shown in a browser alert.
    onError: (error: Error) => window.alert(error.message),
  });

  const save = (event: FormEvent) => {
    event.preventDefault();
    const qty = parseQuantity(draft);
    setInvalid(qty === null);
    if (qty === null) {
      document.getElementById(`${id}-qty`)?.focus();
      return;
    }
    update.mutate(qty);
  };

  // Information, not a limit: a project asks for any quantity (issue 22 item 1).
  const stockNote = lineStockNote(
    line.Quantity ?? 0,
    {
      stockUnits: stockUnitsOf(line.Product?.Inventory),
      multiplier: line.Product?.QuantityMultiplier ?? 1,
      weeks: w.leadWeeks,
      locale: language,
    },
    w.stock,
  );
  const href = productHref.replace('{id}', encodeURIComponent(line.ProductID ?? ''));
  return (
    <tr data-line={line.ProductID}>
      <td className="sku-table__number" data-label={w.catalogueNumber}>
        {line.ProductID}
      </td>
      <td data-label={w.product}>
        <a href={href}>{name}</a>
      </td>
      <td className="project__quantity" data-label={w.quantity}>
        {editable && editing ? (
          <form onSubmit={save} className="project__quantity-form" noValidate>
            <label className="visually-hidden" htmlFor={`${id}-qty`}>
              {fillText(w.editLabel, { name })}
            </label>
            <input
              id={`${id}-qty`}
              className="form-field__input project__quantity-input"
              type="text"
              inputMode="numeric"
              value={draft}
              // biome-ignore lint/a11y/noAutofocus: the field the user just asked to edit.
              autoFocus
              onChange={(event) => setDraft(event.target.value)}
              onKeyDown={(event) => {
                if (event.key === 'Escape') {
                  event.preventDefault();
                  setEditing(false);
                  setInvalid(false);
                }
              }}
              aria-invalid={invalid || undefined}
              aria-describedby={invalid ? `${id}-qty-problem` : undefined}
            />
            <button type="submit" className="button" disabled={update.isPending}>
              {w.save}
            </button>
            <button
              type="button"
              className="button button--secondary"
              onClick={() => {
                setEditing(false);
                setInvalid(false);
                setDraft(String(line.Quantity ?? 1));
              }}
            >
              {w.cancel}
            </button>
            {invalid && (
              <span id={`${id}-qty-problem`} className="form-field__error">
                {w.quantityInvalid}
              </span>
            )}
          </form>
        ) : (
          <>
            <span className="project__quantity-value">{line.Quantity}</span>
            {stockNote && <span className="project__stock">{stockNote}</span>}
            {editable && (
              <button
                type="button"
                className="button button--secondary project__edit"
                aria-label={fillText(w.editLabel, { name })}
                onClick={() => {
                  setDraft(String(line.Quantity ?? 1));
                  setEditing(true);
                }}
              >
                {w.edit}
              </button>
            )}
          </>
        )}
      </td>
      <td data-label={w.packaging}>
        <PackagingChoice
          stored={line.xp?.packagingOption}
          editable={editable}
          label={fillText(w.packagingLabel, { name })}
          placeholder={w.packagingPlaceholder}
          options={w.packagingOptions}
          pending={packaging.isPending}
          onChoose={(option) => packaging.mutate(option)}
        />
      </td>
      {editable && (
        <td>
          <button
            type="button"
            className="button button--secondary"
            aria-label={fillText(w.removeLabel, { name })}
            disabled={remove.isPending}
            onClick={() => remove.mutate()}
          >
            {w.remove}
          </button>
        </td>
      )}
    </tr>
  );
}

/** A submitted project's quote: its status, linking to the quote (issue 23 item 5). */
function ProjectQuote({ projectId, texts }: { projectId: string; texts: ProjectScreenTexts }) {
  const quotes = useQuoteStatuses([projectId]);
  return (
    <>
      <dt>{texts.quote.heading}</dt>
      <dd data-quote>
        <QuoteStatusLink projectId={projectId} status={quotes.get(projectId)} texts={texts.quote} />
      </dd>
    </>
  );
}
