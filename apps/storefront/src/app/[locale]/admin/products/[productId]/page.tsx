import type { Metadata } from 'next';
import Link from 'next/link';
import { notFound } from 'next/navigation';
import { AdminFrame } from '../../../../../admin/admin-frame';
import { adminMetadata, openAdmin } from '../../../../../admin/admin-gate';
import { mayEditProducts } from '../../../../../admin/areas';
import { AdminCallError, orRefusal } from '../../../../../admin/commerce-calls';
import { objectHistory } from '../../../../../admin/history/history-api';
import { HistoryPanel } from '../../../../../admin/history/history-panel';
import { editorLanguages } from '../../../../../admin/products/editor-languages';
import { saveProductAction } from '../../../../../admin/products/product-actions';
import { getProduct } from '../../../../../admin/products/product-directory';
import { ProductEditor } from '../../../../../admin/products/product-editor';
import { productFormValues } from '../../../../../admin/products/product-form';
import { getLocales } from '../../../../../data/content';
import { localeFromSegment, localizedPath } from '../../../../../routing/locales';

export const dynamic = 'force-dynamic';

interface ProductPageProps {
  params: Promise<{ locale: string; productId: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}

export async function generateMetadata({ params }: ProductPageProps): Promise<Metadata> {
  const { productId } = await params;
  return adminMetadata(`Product ${decodeURIComponent(productId).slice(0, 100)}`);
}

/** `/admin/products/{id}`: the product editor, with what the last save changed. */
export default async function AdminProductPage({ params, searchParams }: ProductPageProps) {
  const { locale: segment, productId: rawId } = await params;
  const locale = localeFromSegment(segment);
  if (!locale) notFound();
  const productId = decodeURIComponent(rawId);
  if (!/^[\w.-]{1,100}$/.test(productId)) notFound();
  const path = `/admin/products/${encodeURIComponent(productId)}`;
  const { session, refusal } = await openAdmin(locale, path, 'products');
  if (!session) return refusal;
  const [product, locales, query, history] = await Promise.all([
    orRefusal(getProduct(session.token, productId)),
    getLocales(),
    searchParams,
    orRefusal(objectHistory(session.token, 'product', productId)),
  ]);
  if (product instanceof AdminCallError && product.status === 404) notFound();
  const saved = typeof query.saved === 'string' ? query.saved : null;
  const frame = {
    locale,
    areas: session.areas,
    current: 'products' as const,
    userName: session.user.username,
  };
  if (product instanceof AdminCallError) {
    return (
      <AdminFrame {...frame} title={`Product ${productId}`}>
        <p className="admin-notice admin-notice--error" role="alert">
          {product.message}
        </p>
      </AdminFrame>
    );
  }
  const original = productFormValues(product);
  return (
    <AdminFrame {...frame} title={`${product.Name} (${productId})`}>
      <p>
        <Link href={localizedPath(locale, '/admin/products')} prefetch={false}>
          All products
        </Link>{' '}
        ·{' '}
        <Link href={localizedPath(locale, `/product/${encodeURIComponent(productId)}`)} prefetch={false}>
          View on the storefront
        </Link>
      </p>
      {saved && (
        <p className="admin-notice" role="status">
          {saved === 'none' ? 'Nothing was changed.' : 'Saved. The storefront shows the change now.'}
        </p>
      )}
      <ProductEditor
        action={saveProductAction.bind(null, locale, productId, original)}
        original={original}
        languages={editorLanguages(locales)}
        canEdit={mayEditProducts(session.user.roles)}
      />
      {history instanceof AdminCallError ? (
        <HistoryPanel events={[]} total={0} error={history.message} />
      ) : (
        <HistoryPanel events={history.items} total={history.total} />
      )}
    </AdminFrame>
  );
}
