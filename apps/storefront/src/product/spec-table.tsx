import type { LocaleCode } from '@catalogue/dataset/model';
import { measureTexts } from '@catalogue/drawings/measure';
import { TradeSize } from '../families/trade-size';
import { Measure } from '../units/measure-view';
import type { SpecRow } from './specification-rows';

interface SpecTableProps {
  locale: LocaleCode;
  caption: string;
  rows: SpecRow[];
}

/** The SKU's specifications; lengths, weights and sizes follow the visitor's unit toggle. */
export function SpecTable({ locale, caption, rows }: SpecTableProps) {
  return (
    <table className="spec-table" id="product-specifications-table">
      <caption className="visually-hidden">{caption}</caption>
      <tbody>
        {rows.map((row) => (
          <tr key={row.id} data-spec={row.id}>
            <th scope="row">{row.label}</th>
            <td>
              {row.value.kind === 'text' && row.value.text}
              {row.value.kind === 'tradeSize' && <TradeSize value={row.value.value} />}
              {row.value.kind === 'measure' && (
                <Measure
                  text={measureTexts(
                    { value: row.value.value, unit: row.value.unit },
                    locale,
                    row.value.unit === 'm' ? 3 : 2,
                  )}
                />
              )}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
