import type { PackagingLabels } from '@catalogue/outbox/packaging';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { PackagingChoice } from './packaging-choice';

const french: PackagingLabels = {
  standard: 'Emballage standard',
  bulk: 'En vrac',
  individual: 'Emballé individuellement',
  palletised: 'Sur palette',
};

function render(stored: unknown, editable: boolean): string {
  return renderToStaticMarkup(
    <PackagingChoice
      stored={stored}
      editable={editable}
      label="Emballage de EMT"
      placeholder="Choisir l'emballage"
      options={french}
      pending={false}
      onChoose={() => undefined}
    />,
  );
}

// Issue 22 item 10: a submitted project showed "Choose packaging" (the placeholder) and "bulk" as values.
describe('a project line packaging', () => {
  it('reads as the label in the page language once the project is submitted, never the code', () => {
    expect(render('bulk', false)).toBe('En vrac');
  });

  it('reads "–" without packaging, never the placeholder, also when an older version stored it', () => {
    expect(render(undefined, false)).toBe('–');
    expect(render('Choose packaging', false)).toBe('–');
    expect(render('Bulk', false)).toBe('–');
  });

  it('offers the placeholder only as a prompt that cannot be chosen', () => {
    const select = render(undefined, true);
    expect(select).toContain('<option value="" disabled="" selected="">Choisir l&#x27;emballage</option>');
    expect(select).toContain('<option value="bulk">En vrac</option>');
    expect(render('bulk', true)).not.toContain('Choisir');
  });
});
