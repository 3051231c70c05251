export { PROJECT_ADD_EVENT } from './project-event-name';

export interface ProjectAdd {
  productId: string;
  projectId: string;
  source: string;
}

/**
 * The add a `catalogue:add-to-project` event announces (the SKU added: the page's product, or one of
 * its related SKUs added from the same page), or null for a malformed event.
 */
export function addToProjectEventOf(event: Event): ProjectAdd | null {
  const detail = (event as CustomEvent<unknown>).detail;
  if (!detail || typeof detail !== 'object') return null;
  const d = detail as Record<string, unknown>;
  if (typeof d.productId !== 'string' || d.productId === '' || d.productId.length > 200) return null;
  return {
    productId: d.productId,
    projectId: typeof d.projectId === 'string' ? d.projectId : '',
    source: typeof d.source === 'string' ? d.source : '',
  };
}
