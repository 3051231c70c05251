import type { MasterSpecText } from '../documents/product-sheet';

/** The master-specifications table (spec §2, `#master-specifications-table`) and its basis-of-design line. */
export function MasterSpecTable({ spec }: { spec: MasterSpecText }) {
  return (
    <>
      <table className="spec-table" id="master-specifications-table">
        <caption className="visually-hidden">{spec.heading}</caption>
        <tbody>
          {spec.rows.map((row) => (
            <tr key={row.id} data-spec={row.id}>
              <th scope="row">{row.label}</th>
              <td>{row.value}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="master-spec__basis">{spec.basisOfDesign}</p>
    </>
  );
}
