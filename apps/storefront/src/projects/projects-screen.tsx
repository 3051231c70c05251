'use client';

import { type LocaleCode, REGIONS, type Region } from '@catalogue/dataset/model';
import { QueryClientProvider, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useRouter } from 'next/navigation';
import { type FormEvent, type KeyboardEvent, useEffect, useId, useState, useSyncExternalStore } from 'react';
import { QuoteStatusLink, useQuoteStatuses } from '../quotes/quote-status-link';
import { localizedPath } from '../routing/locales';
import { AddToProjectButton } from './add-to-project-button';
import type { ClientStores, PendingProjectItem } from './client-state';
import { type ClientProject, projectApi } from './project-api';
import { type DraftProblems, draftProblems, projectName, submittedAt } from './project-form';
import { splitByRegion } from './project-region';
import { type AddToProjectSetup, fillText, type ProjectScreenTexts } from './project-texts';
import { projectKeys, projectQueryClient } from './query-client';
import { SessionNotice } from './session-notice';
import { useProjectSession } from './use-project-session';

export interface ProjectsScreenProps {
  /** The page's locale code (dates are written in it; projects of other regions link to their own). */
  locale: LocaleCode;
  /** The page's region: the projects listed (spec §7) and the default region of a new one. */
  region: Region;
  projectsPath: string;
  loginHref: string;
  texts: ProjectScreenTexts;
  addSetup: AddToProjectSetup;
}

/**
 * The projects page's content (client side: the page is the same for everyone, the projects are the
 * user's): tabs Unsubmitted / Submitted of the page's region, the form for a new project, and products a
 * visitor chose before logging in (kept in productPersist). A visitor gets the reason to log in and a link.
 */
export function ProjectsScreen(props: ProjectsScreenProps) {
  return (
    <QueryClientProvider client={projectQueryClient()}>
      <ProjectsContent {...props} />
    </QueryClientProvider>
  );
}

type Tab = 'unsubmitted' | 'submitted';

function ProjectsContent({ locale, region, projectsPath, loginHref, texts, addSetup }: ProjectsScreenProps) {
  const session = useProjectSession();
  const [tab, setTab] = useState<Tab>('unsubmitted');
  const id = useId();
  // `#submitted` (the account menu's quote requests) opens the Submitted tab, also on the page itself.
  useEffect(() => {
    const follow = () => {
      if (window.location.hash === '#submitted') setTab('submitted');
    };
    follow();
    window.addEventListener('hashchange', follow);
    return () => window.removeEventListener('hashchange', follow);
  }, []);

  if (session.status !== 'ready') {
    return <SessionNotice session={session} texts={texts} loginHref={loginHref} />;
  }

  const tabs: Tab[] = ['unsubmitted', 'submitted'];
  const onKey = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key !== 'ArrowRight' && event.key !== 'ArrowLeft') return;
    event.preventDefault();
    const next: Tab = tab === 'unsubmitted' ? 'submitted' : 'unsubmitted';
    setTab(next);
    document.getElementById(`${id}-tab-${next}`)?.focus();
  };

  return (
    <>
      <PendingItems stores={session.stores} texts={texts} addSetup={addSetup} />
      <div className="projects__tabs" role="tablist" aria-label={texts.tabs}>
        {tabs.map((name) => (
          <button
            key={name}
            id={`${id}-tab-${name}`}
            type="button"
            role="tab"
            className="projects__tab"
            aria-selected={tab === name}
            aria-controls={`${id}-panel`}
            tabIndex={tab === name ? 0 : -1}
            onClick={() => setTab(name)}
            onKeyDown={onKey}
          >
            {name === 'unsubmitted' ? texts.unsubmitted : texts.submitted}
          </button>
        ))}
      </div>
      <div
        id={`${id}-panel`}
        role="tabpanel"
        aria-labelledby={`${id}-tab-${tab}`}
        className="projects__panel"
      >
        <ProjectList
          submitted={tab === 'submitted'}
          locale={locale}
          projectsPath={projectsPath}
          texts={texts}
        />
      </div>
      {tab === 'unsubmitted' && <CreateProject region={region} projectsPath={projectsPath} texts={texts} />}
    </>
  );
}

function ProjectList({
  submitted,
  locale,
  projectsPath,
  texts,
}: {
  submitted: boolean;
  locale: LocaleCode;
  projectsPath: string;
  texts: ProjectScreenTexts;
}) {
  // Every region's projects: the page region's in the table, the others under their region (item 11).
  const projects = useQuery({
    queryKey: projectKeys.everywhere(submitted),
    queryFn: () => projectApi.listEverywhere(submitted),
  });
  if (projects.isPending) {
    return (
      <p className="projects__status" role="status">
        {texts.loading}
      </p>
    );
  }
  if (projects.isError) {
    return (
      <p className="projects__status" role="alert">
        {texts.loadFailed}
      </p>
    );
  }
  const { here, elsewhere } = splitByRegion(projects.data, locale);
  return (
    <>
      {here.length === 0 ? (
        <p className="projects__status" role="status">
          {submitted ? texts.emptySubmitted : texts.empty}
        </p>
      ) : (
        <ProjectTable
          projects={here}
          caption={submitted ? texts.submitted : texts.unsubmitted}
          href={(project) => `${projectsPath}/${encodeURIComponent(project.ID ?? '')}`}
          submitted={submitted}
          busy={projects.isPlaceholderData}
          locale={locale}
          texts={texts}
        />
      )}
      {elsewhere.length > 0 && (
        <section className="projects__elsewhere" aria-labelledby={`projects-elsewhere-${submitted}`}>
          <h2 id={`projects-elsewhere-${submitted}`} className="section__title">
            {texts.otherRegions.title}
          </h2>
          <p>{texts.otherRegions.intro}</p>
          {elsewhere.map((group) => {
            const regionName = texts.regions[group.region] ?? group.region;
            return (
              <section key={group.region} className="projects__region" data-region={group.region}>
                <h3 className="projects__region-title">{regionName}</h3>
                <ProjectTable
                  projects={group.projects}
                  caption={regionName}
                  href={(project) =>
                    localizedPath(group.locale, `/projects/${encodeURIComponent(project.ID ?? '')}`)
                  }
                  linkText={(project) =>
                    fillText(texts.otherRegions.open, { project: projectName(project), region: regionName })
                  }
                  hrefLang={group.locale}
                  submitted={submitted}
                  busy={projects.isPlaceholderData}
                  locale={locale}
                  texts={texts}
                />
              </section>
            );
          })}
        </section>
      )}
    </>
  );
}

function ProjectTable({
  projects,
  caption,
  href,
  linkText = projectName,
  hrefLang,
  submitted,
  busy,
  locale,
  texts,
}: {
  projects: ClientProject[];
  caption: string;
  href: (project: ClientProject) => string;
  linkText?: (project: ClientProject) => string;
  hrefLang?: string;
  submitted: boolean;
  busy: boolean;
  locale: LocaleCode;
  texts: ProjectScreenTexts;
}) {
  // A submitted project links to its quote with the quote's status (issue 23 item 5).
  const quotes = useQuoteStatuses(submitted ? projects.map((project) => project.ID ?? '') : []);
  return (
    <div className="sku-table__scroll">
      <table className="sku-table projects__table" aria-busy={busy || undefined}>
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            <th scope="col">{texts.name}</th>
            <th scope="col">{texts.description}</th>
            <th scope="col">{texts.lines}</th>
            <th scope="col">{submitted ? texts.submitted : texts.created}</th>
            {submitted && <th scope="col">{texts.quote.heading}</th>}
          </tr>
        </thead>
        <tbody>
          {projects.map((project) => (
            <tr key={project.ID}>
              <td>
                <a href={href(project)} hrefLang={hrefLang}>
                  {linkText(project)}
                </a>
              </td>
              <td>{project.xp?.projectDesc || '–'}</td>
              <td>{project.LineItemCount ?? 0}</td>
              <td>
                {submitted
                  ? (submittedAt(project.DateSubmitted, locale) ?? '–')
                  : (submittedAt(project.DateCreated, locale) ?? '–')}
              </td>
              {submitted && (
                <td>
                  <QuoteStatusLink
                    projectId={project.ID ?? ''}
                    status={quotes.get(project.ID ?? '')}
                    texts={texts.quote}
                  />
                </td>
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function CreateProject({
  region,
  projectsPath,
  texts,
}: {
  region: Region;
  projectsPath: string;
  texts: ProjectScreenTexts;
}) {
  const id = useId();
  const router = useRouter();
  const queryClient = useQueryClient();
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const [chosenRegion, setChosenRegion] = useState<string>(region);
  const [problems, setProblems] = useState<DraftProblems>({});
  const create = useMutation({
    mutationFn: projectApi.create,
    onSuccess: async (project) => {
      await queryClient.invalidateQueries({ queryKey: projectKeys.all });
      if (project.ID) router.push(`${projectsPath}/${encodeURIComponent(project.ID)}`);
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = draftProblems({ name, description, region: chosenRegion });
    setProblems(found);
    if (Object.keys(found).length > 0) {
      const first = found.name ? 'name' : found.description ? 'description' : 'region';
      document.getElementById(`${id}-${first}`)?.focus();
      return;
    }
    create.mutate({ name: name.trim(), description: description.trim(), region: chosenRegion as Region });
  };

  const problemText = (problem: string | undefined) =>
    problem ? texts.create[problem as keyof ProjectScreenTexts['create']] : null;
  const field = (key: keyof DraftProblems) => ({
    'aria-invalid': problems[key] ? true : undefined,
    'aria-describedby': problems[key] ? `${id}-${key}-problem` : undefined,
  });

  return (
    <section className="projects__create" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="section__title">
        {texts.create.title}
      </h2>
      <form onSubmit={submit} noValidate className="projects__form">
        <div className="form-field">
          <label className="form-field__label" htmlFor={`${id}-name`}>
            {texts.create.name}
          </label>
          <input
            id={`${id}-name`}
            className="form-field__input"
            type="text"
            value={name}
            required
            onChange={(event) => setName(event.target.value)}
            {...field('name')}
          />
          {problems.name && (
            <p id={`${id}-name-problem`} className="form-field__error">
              {problemText(problems.name)}
            </p>
          )}
        </div>
        <div className="form-field">
          <label className="form-field__label" htmlFor={`${id}-description`}>
            {texts.create.description}
          </label>
          <textarea
            id={`${id}-description`}
            className="form-field__input"
            rows={3}
            value={description}
            onChange={(event) => setDescription(event.target.value)}
            {...field('description')}
          />
          {problems.description && (
            <p id={`${id}-description-problem`} className="form-field__error">
              {problemText(problems.description)}
            </p>
          )}
        </div>
        <div className="form-field">
          <label className="form-field__label" htmlFor={`${id}-region`}>
            {texts.create.region}
          </label>
          <select
            id={`${id}-region`}
            className="form-field__input"
            value={chosenRegion}
            onChange={(event) => setChosenRegion(event.target.value)}
            {...field('region')}
          >
            {REGIONS.map((code) => (
              <option key={code} value={code}>
                {texts.regions[code] ?? code}
              </option>
            ))}
          </select>
          {problems.region && (
            <p id={`${id}-region-problem`} className="form-field__error">
              {problemText(problems.region)}
            </p>
          )}
        </div>
        <p className="form-field__error" role="alert">
          {create.isError ? `${texts.create.failed} (${create.error.message})` : ''}
        </p>
        <button
          type="submit"
          className="button"
          disabled={create.isPending}
          aria-busy={create.isPending || undefined}
        >
          {texts.create.submit}
        </button>
      </form>
    </section>
  );
}

const NO_ITEMS: PendingProjectItem[] = [];

/** Products chosen before logging in (productPersist), each with its add-to-project button. */
function PendingItems({
  stores,
  texts,
  addSetup,
}: {
  stores: ClientStores;
  texts: ProjectScreenTexts;
  addSetup: AddToProjectSetup;
}) {
  const items = useSyncExternalStore(
    stores.product.subscribe,
    () => stores.product.getState().pendingProjectItems,
    () => NO_ITEMS,
  );
  if (items.length === 0) return null;
  return (
    <section className="projects__pending" aria-labelledby="projects-pending-title">
      <h2 id="projects-pending-title" className="section__title">
        {texts.pending.title}
      </h2>
      <p>{texts.pending.intro}</p>
      <ul className="projects__pending-list">
        {items.map((item) => (
          <li key={`${item.productId}:${item.source}`} className="projects__pending-item">
            <strong>{item.productId}</strong> × {item.quantity}{' '}
            <AddToProjectButton
              productId={item.productId}
              productName={item.productId}
              source={item.source}
              quantity={item.quantity}
              setup={addSetup}
            />{' '}
            <button
              type="button"
              className="button button--secondary"
              onClick={() => stores.product.getState().forgetPending(item.productId, item.source)}
            >
              {texts.pending.discard}
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
