'use client';

import type { LocaleCode, Region } from '@catalogue/dataset/model';
import { QueryClientProvider, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { readBrowserSession } from '../auth/browser-session';
import { useModalDialog } from '../components/use-modal-dialog';
import { localizedPath } from '../routing/locales';
import { type ClientStores, clientState, followLogin } from './client-state';
import { type AddSource, type ClientProject, type ProjectLine, projectApi } from './project-api';
import { projectName } from './project-form';
import { languageOfLocale, type RegionGroup, splitByRegion } from './project-region';
import { type AddToProjectDialogTexts, fillText } from './project-texts';
import { parseQuantity } from './quantity';
import { projectKeys, projectQueryClient } from './query-client';

export interface AddToProjectDialogProps {
  productId: string;
  productName: string;
  /** Several products at once (the favourites page's "Add all"): each once, no quantity asked. */
  products?: string[];
  source: AddSource;
  initialQuantity: number;
  texts: AddToProjectDialogTexts;
  region: Region;
  /** The page's locale: projects of other regions are offered as links to them in their own locale. */
  locale: LocaleCode;
  projectsPath: string;
  onClose: () => void;
}

/** The event other parts of the site listen to after a product was added (search: its 'a2w' event). */
export const ADD_TO_PROJECT_EVENT = 'catalogue:add-to-project';

export interface AddToProjectEventDetail {
  productId: string;
  quantity: number;
  projectId: string;
  source: AddSource;
}

const NEW = '__new__';

/**
 * The add-to-project dialog (loaded on demand by `AddToProjectButton`): a native modal `<dialog>` to
 * choose one of the user's unsubmitted projects of the page's region, or to name a new one, and the
 * quantity. A project made on the spot that then refuses the product is deleted again, so a failed add
 * leaves nothing behind. After an add the dialog says so with a link to the project and dispatches
 * `catalogue:add-to-project` on `window`.
 */
export function AddToProjectDialog(props: AddToProjectDialogProps) {
  return (
    <QueryClientProvider client={projectQueryClient()}>
      <DialogBody {...props} />
    </QueryClientProvider>
  );
}

function DialogBody({
  productId,
  productName,
  products,
  source,
  initialQuantity,
  texts,
  region,
  locale,
  projectsPath,
  onClose,
}: AddToProjectDialogProps) {
  const id = useId();
  const dialog = useModalDialog();
  const queryClient = useQueryClient();
  const [stores, setStores] = useState<ClientStores | null>(null);
  const [choice, setChoice] = useState<string | null>(null);
  const [name, setName] = useState('');
  const [quantity, setQuantity] = useState(String(initialQuantity));
  const [problem, setProblem] = useState<{ field: 'quantity' | 'name' | 'form'; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const [added, setAdded] = useState<{ projectId: string; text: string } | null>(null);
  // Every region's unsubmitted projects: the page region's to choose, the others as links (item 11).
  const projects = useQuery({
    queryKey: projectKeys.everywhere(false),
    queryFn: () => projectApi.listEverywhere(false),
  });

  useEffect(() => {
    let live = true;
    clientState().then(
      (ready) => {
        if (!live) return;
        followLogin(ready, readBrowserSession()?.token ?? null);
        setStores(ready);
      },
      () => undefined, // Without the stored selection the dialog still works: nothing is preselected.
    );
    return () => {
      live = false;
    };
  }, []);

  const { here: items, elsewhere } = splitByRegion(projects.data ?? [], locale);
  const remembered = stores?.project.getState().selectedProjectId ?? null;
  const selected =
    choice ??
    (projects.isSuccess ? (items.find((p) => p.ID === remembered)?.ID ?? items[0]?.ID ?? NEW) : null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy || selected === null) return;
    const many = products && products.length > 1 ? products : null;
    const qty = many ? 1 : parseQuantity(quantity);
    if (qty === null) {
      setProblem({ field: 'quantity', text: texts.quantityInvalid });
      return;
    }
    if (selected === NEW && !name.trim()) {
      setProblem({ field: 'name', text: texts.nameRequired });
      return;
    }
    setProblem(null);
    setBusy(true);
    let created: string | null = null;
    let line: ProjectLine | null = null;
    try {
      let projectId = selected;
      let label = projectName(items.find((p) => p.ID === selected) ?? { ID: selected });
      if (selected === NEW) {
        const project = await projectApi.create({ name: name.trim(), description: '', region });
        if (!project.ID) throw new Error('The new project has no ID');
        created = project.ID;
        projectId = project.ID;
        label = projectName(project);
      }
      try {
        if (many) {
          await projectApi.addLines(
            projectId,
            many.map((id) => ({ productId: id, qty })),
          );
        } else {
          line = await projectApi.addLine(projectId, productId, qty);
        }
      } catch (error) {
        if (created) await projectApi.remove(created).catch(() => undefined);
        created = null;
        throw error;
      }
      stores?.project.getState().selectProject(projectId);
      stores?.product.getState().forgetPending(productId, source);
      await queryClient.invalidateQueries({ queryKey: projectKeys.all });
      // A product already in the project raised its line (one line per product): say so.
      const total = line?.Quantity ?? qty;
      const text = many
        ? fillText(texts.addedMany, { count: many.length, project: label })
        : total > qty
          ? fillText(texts.merged, { sku: productId, project: label, total })
          : fillText(texts.added, { quantity: qty, sku: productId, project: label });
      setAdded({ projectId, text });
      for (const added of many ?? [productId]) {
        window.dispatchEvent(
          new CustomEvent<AddToProjectEventDetail>(ADD_TO_PROJECT_EVENT, {
            detail: { productId: added, quantity: qty, projectId, source },
          }),
        );
      }
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      setProblem({ field: 'form', text: fillText(texts.failed, { message }) });
    } finally {
      setBusy(false);
    }
  };

  const titleId = `${id}-title`;
  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: a click on the backdrop only; Escape closes the dialog natively.
    <dialog
      ref={dialog}
      className="project-dialog"
      aria-labelledby={titleId}
      onClose={onClose}
      onClick={(event) => {
        if (event.target === dialog.current) dialog.current?.close();
      }}
    >
      <h2 id={titleId} className="project-dialog__title">
        {texts.title}
      </h2>
      <p className="project-dialog__product">
        {products && products.length > 1
          ? fillText(texts.products, { count: products.length })
          : fillText(texts.product, { name: productName, sku: productId })}
      </p>
      {added ? (
        <>
          <p className="project-dialog__added" role="status">
            {added.text}
          </p>
          <div className="project-dialog__actions">
            <a className="button" href={`${projectsPath}/${encodeURIComponent(added.projectId)}`}>
              {texts.viewProject}
            </a>
            <button
              type="button"
              className="button button--secondary"
              onClick={() => dialog.current?.close()}
            >
              {texts.close}
            </button>
          </div>
        </>
      ) : (
        <form onSubmit={submit} noValidate>
          {projects.isPending && (
            <p className="project-dialog__status" role="status">
              {texts.loading}
            </p>
          )}
          {projects.isError && (
            <p className="form-field__error" role="alert">
              {texts.loadFailed}
            </p>
          )}
          {projects.isSuccess && (
            <fieldset className="project-dialog__projects">
              <legend>{texts.chooseProject}</legend>
              {items.map((project) => (
                <label key={project.ID} className="project-dialog__choice">
                  <input
                    type="radio"
                    name={`${id}-project`}
                    value={project.ID}
                    checked={selected === project.ID}
                    onChange={() => setChoice(project.ID ?? null)}
                  />{' '}
                  {projectName(project)}
                </label>
              ))}
              <label className="project-dialog__choice">
                <input
                  type="radio"
                  name={`${id}-project`}
                  value={NEW}
                  checked={selected === NEW}
                  onChange={() => setChoice(NEW)}
                />{' '}
                {texts.newProject}
              </label>
              {selected === NEW && (
                <div className="form-field">
                  <label className="form-field__label" htmlFor={`${id}-name`}>
                    {texts.newProjectName}
                  </label>
                  <input
                    id={`${id}-name`}
                    className="form-field__input"
                    type="text"
                    maxLength={200}
                    value={name}
                    onChange={(event) => setName(event.target.value)}
                    aria-invalid={problem?.field === 'name' || undefined}
                    aria-describedby={problem?.field === 'name' ? `${id}-problem` : undefined}
                  />
                </div>
              )}
            </fieldset>
          )}
          {elsewhere.length > 0 && (
            <OtherRegionProjects groups={elsewhere} locale={locale} texts={texts.otherRegions} />
          )}
          <div className="form-field" hidden={!!products && products.length > 1}>
            <label className="form-field__label" htmlFor={`${id}-quantity`}>
              {texts.quantity}
            </label>
            <input
              id={`${id}-quantity`}
              className="form-field__input project-dialog__quantity"
              type="text"
              inputMode="numeric"
              value={quantity}
              onChange={(event) => setQuantity(event.target.value)}
              aria-invalid={problem?.field === 'quantity' || undefined}
              aria-describedby={problem?.field === 'quantity' ? `${id}-problem` : undefined}
            />
          </div>
          <p id={`${id}-problem`} className="form-field__error" role="alert">
            {problem?.text}
          </p>
          <div className="project-dialog__actions">
            <button
              type="submit"
              className="button"
              disabled={selected === null || busy}
              aria-busy={busy || undefined}
            >
              {texts.add}
            </button>
            <button
              type="button"
              className="button button--secondary"
              onClick={() => dialog.current?.close()}
            >
              {texts.cancel}
            </button>
          </div>
        </form>
      )}
    </dialog>
  );
}

/**
 * Projects of other regions: a product is added in its own region (its catalogue and prices), so these
 * are links to each project in a locale of its region rather than choices (issue 22 item 11).
 */
function OtherRegionProjects({
  groups,
  locale,
  texts,
}: {
  groups: RegionGroup<ClientProject>[];
  locale: LocaleCode;
  texts: AddToProjectDialogTexts['otherRegions'];
}) {
  const names = new Intl.DisplayNames([languageOfLocale(locale)], { type: 'region' });
  return (
    <details className="project-dialog__elsewhere">
      <summary>{texts.title}</summary>
      <p>{texts.intro}</p>
      {groups.map((group) => {
        const region = names.of(group.region) ?? group.region;
        return (
          <section key={group.region} data-region={group.region}>
            <h3 className="project-dialog__region">{region}</h3>
            <ul>
              {group.projects.map((project) => (
                <li key={project.ID}>
                  <a
                    href={localizedPath(group.locale, `/projects/${encodeURIComponent(project.ID ?? '')}`)}
                    hrefLang={group.locale}
                  >
                    {fillText(texts.open, { project: projectName(project), region })}
                  </a>
                </li>
              ))}
            </ul>
          </section>
        );
      })}
    </details>
  );
}
