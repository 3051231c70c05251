import { describe, expect, it } from 'vitest';
import { ifcGuid, renderBimIfc, stepString } from './bim-ifc';
import { sampleSheet } from './testing/sample-sheet';

/** The DATA section's entities: `#id` → `TYPE(arguments)`. */
function entitiesOf(ifc: string): Map<string, string> {
  const data = ifc.slice(ifc.indexOf('DATA;') + 5, ifc.lastIndexOf('ENDSEC;'));
  const entities = new Map<string, string>();
  for (const line of data.trim().split('\n')) {
    const match = /^(#\d+)=([A-Z0-9]+\(.*\));$/.exec(line);
    if (!match?.[1] || !match[2]) throw new Error(`not an entity instance: ${line}`);
    entities.set(match[1], match[2]);
  }
  return entities;
}

describe('BIM model (IFC)', () => {
  const ifc = renderBimIfc(sampleSheet());
  const entities = entitiesOf(ifc);
  const ofType = (type: string) => [...entities.values()].filter((e) => e.startsWith(`${type}(`));

  it('is an ISO 10303-21 file of the IFC4 schema', () => {
    expect(ifc.startsWith('ISO-10303-21;\nHEADER;')).toBe(true);
    expect(ifc).toContain("FILE_SCHEMA(('IFC4'));");
    expect(ifc.trimEnd().endsWith('END-ISO-10303-21;')).toBe(true);
    expect(ifc).toMatch(/^[\x20-\x7e\n]*$/);
  });

  it('refers only to entities it defines', () => {
    for (const [id, entity] of entities) {
      for (const reference of entity.match(/#\d+/g) ?? []) {
        expect(entities.has(reference), `${id} refers to ${reference}`).toBe(true);
      }
    }
  });

  it('has a project with units and a proxy element named, typed and tagged by the catalogue number', () => {
    expect(ofType('IFCPROJECT')).toHaveLength(1);
    expect(ofType('IFCUNITASSIGNMENT')).toHaveLength(1);
    const [proxy] = ofType('IFCBUILDINGELEMENTPROXY');
    expect(proxy).toContain("'EMT-075-10-M01',#");
    expect(proxy).toMatch(/'EMT-075-10-M01',\.ELEMENT\.\)$/);
    expect(ofType('IFCEXTRUDEDAREASOLID')[0]).toMatch(/,3050\.\)$/);
    expect(ofType('IFCCIRCLEPROFILEDEF')[0]).toMatch(/,10\.5\)$/);
    expect(ofType('IFCRELCONTAINEDINSPATIALSTRUCTURE')).toHaveLength(1);
  });

  it('carries the manufacturer data and every specification row as properties', () => {
    const sets = ofType('IFCPROPERTYSET');
    expect(sets.some((s) => s.includes("'Pset_ManufacturerTypeInformation'"))).toBe(true);
    const properties = ofType('IFCPROPERTYSINGLEVALUE');
    expect(properties).toContain(
      "IFCPROPERTYSINGLEVALUE('ModelReference',$,IFCIDENTIFIER('EMT-075-10-M01'),$)",
    );
    expect(properties).toContain(
      "IFCPROPERTYSINGLEVALUE('material','Werkstoff',IFCLABEL('Stahl, feuerverzinkt'),$)",
    );
    expect(properties).toContain(
      "IFCPROPERTYSINGLEVALUE('lengthMm','L\\X2\\00E4\\X0\\nge',IFCLABEL('3,05 m'),$)",
    );
    expect(ofType('IFCRELDEFINESBYPROPERTIES')).toHaveLength(2);
  });

  it('gives the same SKU the same GlobalIds every time, and different ones to different SKUs', () => {
    expect(renderBimIfc(sampleSheet())).toBe(ifc);
    expect(ifcGuid('EMT-075-10/element')).toMatch(/^[0-3][0-9A-Za-z_$]{21}$/);
    expect(ifcGuid('EMT-075-10/element')).not.toBe(ifcGuid('EMT-075-20/element'));
  });

  it('escapes strings as STEP requires', () => {
    expect(stepString("O'Brien \\ Größe")).toBe("'O''Brien \\\\ Gr\\X2\\00F6\\X0\\\\X2\\00DF\\X0\\e'");
    expect(stepString('😀')).toBe("'\\X2\\D83DDE00\\X0\\'");
  });
});
