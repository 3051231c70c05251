import type { LocaleCode, Region } from '@catalogue/dataset/model';
import { type PackagingLabels, packagingLabels } from '@catalogue/outbox/packaging';
import type { LoginPromptTexts } from '../auth/login-prompt';
import type { Translate } from '../i18n/translator';
import type { StockTexts } from '../product/stock-note';
import type { QuoteLinkTexts } from '../quotes/quote-link-texts';
import { localizedPath } from '../routing/locales';
import type { RecommendationTexts } from '../search/recommendation-section';

/**
 * The dictionary texts (`projects.*`) of the project screens and the add-to-project dialog, built once on
 * the server and handed to the client components. Texts with placeholders keep them (`{name}`,
 * `{quantity}`, …) and are filled in the browser with `fillText`.
 */

/** What every add-to-project button of a page shares: its texts, the page's region and projects page. */
export interface AddToProjectSetup {
  /** The page's region: the projects offered and the region of one created on the spot (spec §7). */
  region: Region;
  /** The page's locale: projects of other regions link to theirs in the same language where there is one. */
  locale: LocaleCode;
  /** The projects page in the page's locale (`/fr-ca/projects`); a project is `${projectsPath}/{id}`. */
  projectsPath: string;
  /** The button: "Add to project". */
  button: string;
  /** The button's accessible name naming the product: "Add to project: {name}". */
  buttonLabel: string;
  /** What a visitor gets. */
  prompt: LoginPromptTexts;
  dialog: AddToProjectDialogTexts;
}

export interface AddToProjectDialogTexts {
  title: string;
  /** "{name} ({sku})". */
  product: string;
  quantity: string;
  quantityInvalid: string;
  chooseProject: string;
  newProject: string;
  newProjectName: string;
  nameRequired: string;
  loading: string;
  loadFailed: string;
  add: string;
  cancel: string;
  close: string;
  /** "{quantity} × {sku} added to {project}." */
  /** "{count} products" (adding several at once) */
  products: string;
  /** "{count} products added to {project}." */
  addedMany: string;
  added: string;
  /** "{sku} was already in {project}: its quantity is now {total}." (one line per product) */
  merged: string;
  viewProject: string;
  /** "Not added: {message}" */
  failed: string;
  /** Projects of other regions, linked to their own locale (a product is added in its region). */
  otherRegions: OtherRegionTexts;
}

export interface ProjectScreenTexts {
  loading: string;
  loadFailed: string;
  visitor: string;
  login: string;
  tabs: string;
  unsubmitted: string;
  submitted: string;
  empty: string;
  emptySubmitted: string;
  name: string;
  description: string;
  region: string;
  created: string;
  /** "Submitted {date}" */
  submittedOn: string;
  lines: string;
  status: string;
  statusUnsubmitted: string;
  /** A submitted project's link to its quote (issue 23 item 5). */
  quote: QuoteLinkTexts;
  create: {
    title: string;
    name: string;
    description: string;
    region: string;
    submit: string;
    nameRequired: string;
    nameTooLong: string;
    descriptionTooLong: string;
    regionInvalid: string;
    failed: string;
  };
  pending: {
    title: string;
    intro: string;
    discard: string;
  };
  worksheet: {
    caption: string;
    catalogueNumber: string;
    product: string;
    quantity: string;
    packaging: string;
    actions: string;
    edit: string;
    /** "Change the quantity of {name}" */
    editLabel: string;
    save: string;
    cancel: string;
    remove: string;
    /** "Remove {name} from the project" */
    removeLabel: string;
    /** "Packaging of {name}" */
    packagingLabel: string;
    /** "Choose packaging": the prompt of a line without packaging, never stored or shown as a value. */
    packagingPlaceholder: string;
    /** The options' labels in the page's language. */
    packagingOptions: PackagingLabels;
    empty: string;
    quantityInvalid: string;
    updated: string;
    /** A line asking for more than the stock holds ({count}, {weeks}): information, not a limit. */
    stock: StockTexts;
    /** The page region's lead time in weeks, e.g. `4–6` (empty: no stock notes). */
    leadWeeks: string;
  };
  brand: {
    label: string;
    save: string;
    saved: string;
    none: string;
  };
  actions: {
    duplicate: string;
    delete: string;
    submit: string;
    submitEmpty: string;
    back: string;
  };
  confirmDelete: { title: string; message: string; confirm: string; cancel: string };
  confirmSubmit: { title: string; message: string; confirm: string; cancel: string };
  readOnly: string;
  notFound: string;
  /** "The project could not be changed: {message}" */
  failed: string;
  regions: Record<string, string>;
  /** Projects of other regions (issue 22 item 11); `open` has `{project}` and `{region}`. */
  otherRegions: OtherRegionTexts;
  /** The widgets an empty project shows (recently viewed, trending). */
  recommendations: { recent: RecommendationTexts; trending: RecommendationTexts };
}

export interface OtherRegionTexts {
  title: string;
  intro: string;
  /** "Open {project} on the {region} site" */
  open: string;
}

function otherRegionTexts(t: Translate): OtherRegionTexts {
  return {
    title: t('projects.otherRegions.title'),
    intro: t('projects.otherRegions.intro'),
    open: t('projects.otherRegions.open', { project: '{project}', region: '{region}' }),
  };
}

export function addToProjectSetup(t: Translate, locale: LocaleCode, region: Region): AddToProjectSetup {
  return {
    region,
    locale,
    projectsPath: localizedPath(locale, '/projects'),
    button: t('projects.add.button'),
    buttonLabel: t('projects.add.buttonLabel', { name: '{name}' }),
    prompt: {
      title: t('projects.loginTitle'),
      message: t('projects.add.loginMessage'),
      login: t('loginPrompt.login'),
      close: t('loginPrompt.close'),
    },
    dialog: {
      title: t('projects.add.title'),
      product: t('projects.add.product', { name: '{name}', sku: '{sku}' }),
      products: t('projects.add.products', { count: '{count}' }),
      addedMany: t('projects.add.addedMany', { count: '{count}', project: '{project}' }),
      quantity: t('projects.quantity'),
      quantityInvalid: t('projects.quantityInvalid'),
      chooseProject: t('projects.add.chooseProject'),
      newProject: t('projects.add.newProject'),
      newProjectName: t('projects.create.name'),
      nameRequired: t('projects.create.nameRequired'),
      loading: t('projects.loading'),
      loadFailed: t('projects.loadFailed'),
      add: t('projects.add.submit'),
      cancel: t('projects.cancel'),
      close: t('loginPrompt.close'),
      added: t('projects.add.added', { quantity: '{quantity}', sku: '{sku}', project: '{project}' }),
      merged: t('projects.add.merged', { sku: '{sku}', project: '{project}', total: '{total}' }),
      viewProject: t('projects.add.viewProject'),
      failed: t('projects.add.failed', { message: '{message}' }),
      otherRegions: otherRegionTexts(t),
    },
  };
}

export function projectScreenTexts(
  t: Translate,
  regions: Record<string, string>,
  leadWeeks: string,
  /** Built by the caller (`quoteLinkTexts`): this module stays free of the quotes code it would bundle. */
  quote: QuoteLinkTexts,
): ProjectScreenTexts {
  return {
    loading: t('projects.loading'),
    loadFailed: t('projects.loadFailed'),
    visitor: t('projects.visitor'),
    login: t('loginPrompt.login'),
    tabs: t('projects.tabs'),
    unsubmitted: t('projects.unsubmitted'),
    submitted: t('projects.submitted'),
    empty: t('projects.empty'),
    emptySubmitted: t('projects.emptySubmitted'),
    name: t('projects.name'),
    description: t('projects.description'),
    region: t('projects.region'),
    created: t('projects.created'),
    submittedOn: t('projects.submittedOn', { date: '{date}' }),
    lines: t('projects.lines'),
    status: t('projects.status'),
    statusUnsubmitted: t('projects.statusUnsubmitted'),
    quote,
    create: {
      title: t('projects.create.title'),
      name: t('projects.create.name'),
      description: t('projects.create.description'),
      region: t('projects.create.region'),
      submit: t('projects.create.submit'),
      nameRequired: t('projects.create.nameRequired'),
      nameTooLong: t('projects.create.nameTooLong'),
      descriptionTooLong: t('projects.create.descriptionTooLong'),
      regionInvalid: t('projects.create.regionInvalid'),
      failed: t('projects.create.failed'),
    },
    pending: {
      title: t('projects.pending.title'),
      intro: t('projects.pending.intro'),
      discard: t('projects.pending.discard'),
    },
    worksheet: {
      caption: t('projects.worksheet.caption'),
      catalogueNumber: t('product.catalogueNumber'),
      product: t('projects.worksheet.product'),
      quantity: t('projects.quantity'),
      packaging: t('projects.worksheet.packaging'),
      actions: t('favourites.actions'),
      edit: t('projects.worksheet.edit'),
      editLabel: t('projects.worksheet.editLabel', { name: '{name}' }),
      save: t('projects.save'),
      cancel: t('projects.cancel'),
      remove: t('favourites.remove'),
      removeLabel: t('projects.worksheet.removeLabel', { name: '{name}' }),
      packagingLabel: t('projects.worksheet.packagingLabel', { name: '{name}' }),
      packagingPlaceholder: t('projects.packaging.none'),
      packagingOptions: packagingLabels(t),
      empty: t('projects.worksheet.empty'),
      quantityInvalid: t('projects.quantityInvalid'),
      updated: t('projects.worksheet.updated'),
      stock: { inStock: t('projects.worksheet.stockShort'), none: t('product.stockNone') },
      leadWeeks,
    },
    brand: {
      label: t('projects.brand.label'),
      save: t('projects.save'),
      saved: t('projects.brand.saved'),
      none: t('projects.brand.none'),
    },
    actions: {
      duplicate: t('projects.duplicate'),
      delete: t('projects.delete'),
      submit: t('projects.submit'),
      submitEmpty: t('projects.submitEmpty'),
      back: t('projects.back'),
    },
    confirmDelete: {
      title: t('projects.confirmDelete.title'),
      message: t('projects.confirmDelete.message', { name: '{name}' }),
      confirm: t('projects.delete'),
      cancel: t('projects.cancel'),
    },
    confirmSubmit: {
      title: t('projects.confirmSubmit.title'),
      message: t('projects.confirmSubmit.message', { name: '{name}' }),
      confirm: t('projects.submit'),
      cancel: t('projects.cancel'),
    },
    readOnly: t('projects.readOnly'),
    notFound: t('projects.notFound'),
    failed: t('projects.failed', { message: '{message}' }),
    regions,
    otherRegions: otherRegionTexts(t),
    recommendations: {
      recent: {
        title: t('recommend.recent.title'),
        empty: t('recommend.recent.empty'),
        catalogueNumber: t('product.catalogueNumber'),
      },
      trending: {
        title: t('recommend.trending.title'),
        empty: t('recommend.trending.empty'),
        catalogueNumber: t('product.catalogueNumber'),
      },
    },
  };
}

/** Fills `{name}` placeholders kept in a text built on the server. */
export function fillText(text: string, values: Readonly<Record<string, string | number>>): string {
  return text.replace(/\{(\w+)\}/g, (whole, name: string) =>
    Object.hasOwn(values, name) ? String(values[name]) : whole,
  );
}
