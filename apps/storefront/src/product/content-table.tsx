import type { ContentTable as ContentTableData } from '../data/product-content';
import { withRegisteredMark } from '../text/registered-mark';

/** A table of the content service (e.g. the family's specification overview). */
export function ContentTable({ table }: { table: ContentTableData }) {
  return (
    <div className="sku-table__scroll">
      <table className="spec-table spec-table--content" data-table={table.id}>
        <caption className="spec-table__caption">{withRegisteredMark(table.title)}</caption>
        <thead>
          <tr>
            {table.columns.map((column) => (
              <th key={column} scope="col">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {table.rows.map((row) => (
            <tr key={row.label}>
              <th scope="row">{row.label}</th>
              <td>{row.values.join(', ')}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
