import type { LocaleCode } from '@catalogue/dataset/model';
import Link from 'next/link';
import { localizedPath } from '../../routing/locales';
import { type AdminProduct, missingLanguages } from './product-directory';

/** The product list's table: each ID opens the product's editor; missing translations are named. */
export function ProductTable({ locale, products }: { locale: LocaleCode; products: AdminProduct[] }) {
  return (
    <div className="admin-table-wrap">
      <table className="admin-table">
        <caption className="visually-hidden">Products</caption>
        <thead>
          <tr>
            <th scope="col">ID</th>
            <th scope="col">Name</th>
            <th scope="col">Missing translations</th>
            <th scope="col">Active</th>
            <th scope="col">Price schedule</th>
          </tr>
        </thead>
        <tbody>
          {products.map((product) => {
            const missing = missingLanguages(product);
            const id = String(product.ID ?? '');
            return (
              <tr key={id} data-product={id}>
                <th scope="row">
                  <Link
                    href={localizedPath(locale, `/admin/products/${encodeURIComponent(id)}`)}
                    prefetch={false}
                  >
                    {id}
                  </Link>
                </th>
                <td>{product.Name}</td>
                <td className={missing.length ? 'admin-table__missing' : undefined}>
                  {missing.length ? missing.map((l) => l.toUpperCase()).join(', ') : 'None'}
                </td>
                <td>{product.Active ? 'Yes' : 'No'}</td>
                <td>{product.DefaultPriceScheduleID || '–'}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
