export * from './content-model';
export { DataFileError, DEFAULT_DATA_DIR, loadDataFiles } from './data-files';
export type { DataFiles } from './data-types';
export { DEFAULT_SEED, DEFAULT_SKUS, type GenerateOptions, generateDataset, MAX_SKUS } from './generate';
export * from './model';
export { SEARCH_WIDGET_TYPES, type SearchWidgetType } from './read-search';
