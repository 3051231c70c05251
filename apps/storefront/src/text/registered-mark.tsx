import { Fragment, type ReactNode } from 'react';

const MARK = '®';

/**
 * A text with every ® wrapped in `<sup>` (spec: brand names carry a raised registered sign), for
 * site, category and product names wherever they are rendered. Text without ® comes back unchanged
 * (a plain string), so callers can use it everywhere.
 */
export function withRegisteredMark(text: string): ReactNode {
  if (!text.includes(MARK)) return text;
  const pieces = text.split(MARK);
  return pieces.map((piece, index) => (
    // biome-ignore lint/suspicious/noArrayIndexKey: the pieces of one string never reorder
    <Fragment key={index}>
      {piece}
      {index < pieces.length - 1 && <sup className="registered-mark">{MARK}</sup>}
    </Fragment>
  ));
}
