import Link from 'next/link';
import type { Translate } from '../i18n/translator';
import { PAGE_SIZES, type SkuQuery, skuQueryString } from './sku-query';

interface SkuPaginationProps {
  path: string;
  query: SkuQuery;
  page: number;
  totalPages: number;
  t: Translate;
}

/** Previous / next links, where the visitor is, and the page size choice (links, so no script is needed). */
export function SkuPagination({ path, query, page, totalPages, t }: SkuPaginationProps) {
  const href = (target: Partial<SkuQuery>) => `${path}${skuQueryString({ ...query, ...target })}`;
  return (
    <nav className="pagination" aria-label={t('family.pagination')}>
      {page > 1 && (
        <Link href={href({ page: page - 1 })} prefetch={false} rel="prev">
          {t('family.previous')}
        </Link>
      )}
      <span className="pagination__status">
        {t('family.pageOf', { page, pages: Math.max(totalPages, 1) })}
      </span>
      {page < totalPages && (
        <Link href={href({ page: page + 1 })} prefetch={false} rel="next">
          {t('family.next')}
        </Link>
      )}
      <span className="pagination__sizes">
        {t('family.pageSize')}:{' '}
        {PAGE_SIZES.map((size) =>
          size === query.pageSize ? (
            <span key={size} aria-current="true" className="pagination__size">
              {size}
            </span>
          ) : (
            <Link
              key={size}
              className="pagination__size"
              href={href({ pageSize: size, page: 1 })}
              prefetch={false}
            >
              {size}
            </Link>
          ),
        )}
      </span>
    </nav>
  );
}
