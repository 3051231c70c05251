import { Hono } from 'hono';
import type { AdminDeps } from '../deps';
import type { AdminEnv } from '../env';
import { parseWith, readBody, readQuery } from '../request-body';
import { deleteWidgetQuery, listWidgetsQuery, putWidgetBody, rfkIdSchema, widgetLocaleQuery } from './schema';
import { deleteWidgetVariant, getWidget, listWidgets, putWidget } from './service';

/** `/admin/v1/widgets`: widget settings (docs/search-admin.md "Widgets"). */
export function widgetRoutes(deps: AdminDeps): Hono<AdminEnv> {
  const app = new Hono<AdminEnv>();
  const rfkIdOf = (value: string) => parseWith(rfkIdSchema, value, 'path.rfk_id');

  app.get('/', async (c) => {
    readQuery(c.req.raw, listWidgetsQuery);
    return c.json(await listWidgets(deps));
  });

  app.get('/:rfkId', async (c) => {
    const rfkId = rfkIdOf(c.req.param('rfkId'));
    return c.json(await getWidget(deps, rfkId, readQuery(c.req.raw, widgetLocaleQuery).locale));
  });

  app.put('/:rfkId', async (c) => {
    const rfkId = rfkIdOf(c.req.param('rfkId'));
    const { locale } = readQuery(c.req.raw, widgetLocaleQuery);
    const { widget, created } = await putWidget(
      deps,
      c.get('actor'),
      rfkId,
      locale,
      await readBody(c.req.raw, putWidgetBody),
    );
    return c.json(widget, created ? 201 : 200);
  });

  app.delete('/:rfkId', async (c) => {
    const rfkId = rfkIdOf(c.req.param('rfkId'));
    const { locale, version } = readQuery(c.req.raw, deleteWidgetQuery);
    await deleteWidgetVariant(deps, c.get('actor'), rfkId, locale, version);
    return c.body(null, 204);
  });

  return app;
}
