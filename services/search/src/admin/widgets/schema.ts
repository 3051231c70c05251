import { z } from 'zod';
import { localeSchema, versionSchema } from '../version';

/** The widget types whose settings this API writes; block widgets are content (the content service's). */
export const SETTINGS_WIDGET_TYPES = ['content_grid', 'preview_search', 'recommendation'] as const;

export const rfkIdSchema = z
  .string()
  .min(1)
  .max(100)
  .regex(/^[A-Za-z0-9_.-]+$/, 'must be an rfk_id (letters, digits, _ . -)');

/** GET /widgets takes no parameters. */
export const listWidgetsQuery = z.object({}).strict();

/** `?locale=`: the widget's variant (`*`, the one every locale falls back to, by default). */
export const widgetLocaleQuery = z.object({ locale: localeSchema.default('*') }).strict();

/**
 * PUT /widgets/{rfk_id}?locale=: the variant's settings. `config` is checked with the widget type's own
 * schema (the one its handler reads); `version` is the variant's as read, and left out only to create a
 * locale's variant that does not exist yet. Name and entities stay as they are when left out.
 */
export const putWidgetBody = z
  .object({
    name: z.string().trim().min(1).max(200).optional(),
    entities: z
      .array(z.enum(['product', 'content']))
      .min(1)
      .max(2)
      .optional(),
    config: z.record(z.string(), z.unknown()),
    version: versionSchema.optional(),
  })
  .strict();
export type PutWidgetInput = z.output<typeof putWidgetBody>;

export const deleteWidgetQuery = z.object({ locale: localeSchema, version: versionSchema }).strict();

/** One variant of a widget as the API answers it. */
export interface WidgetResource {
  rfk_id: string;
  locale: string;
  type: string;
  name: string;
  entities: string[];
  config: Record<string, unknown>;
  version: string;
  updated_at: string;
}
