import { createHash } from 'node:crypto';
import { productGeometry } from '@catalogue/drawings/geometry';
import type { ProductSheet } from './product-sheet';

/**
 * The BIM model of a SKU as IFC4 in STEP physical file form (ISO 10303-21, "IFC-SPF"): a project with
 * millimetre and kilogram units, a site holding one IfcBuildingElementProxy whose tag and type are the
 * catalogue number, its body an extruded solid of the SKU's profile and length, and two property sets:
 * Pset_ManufacturerTypeInformation (manufacturer, model reference = catalogue number, model label) and
 * one with every specification row in the page's language. IDs are derived from the catalogue number,
 * so the same SKU always gets the same GlobalIds and BIM tools recognise it across downloads.
 */

/** IFC's 64 characters for compressed GUIDs (IfcGloballyUniqueId). */
const IFC_GUID_CHARS = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz_$';

/** A 22-character IfcGloballyUniqueId from the first 128 bits of SHA-256 of a seed. */
export function ifcGuid(seed: string): string {
  let value = BigInt(`0x${createHash('sha256').update(seed).digest('hex').slice(0, 32)}`);
  const chars: string[] = [];
  for (let i = 0; i < 22; i++) {
    chars.unshift(IFC_GUID_CHARS[Number(value & 63n)] ?? '0');
    value >>= 6n;
  }
  return chars.join('');
}

/**
 * A STEP string literal: quotes and backslashes doubled, characters outside printable ASCII as
 * `\X2\hhhh\X0\` (UTF-16 code units), as ISO 10303-21 requires.
 */
export function stepString(text: string): string {
  let out = '';
  for (const char of text.replace(/[\r\n]+/g, ' ')) {
    const code = char.codePointAt(0) ?? 63;
    if (char === "'") out += "''";
    else if (char === '\\') out += '\\\\';
    else if (code >= 32 && code < 127) out += char;
    else {
      const units =
        code > 0xffff ? [0xd800 + ((code - 0x10000) >> 10), 0xdc00 + ((code - 0x10000) & 0x3ff)] : [code];
      out += `\\X2\\${units.map((u) => u.toString(16).toUpperCase().padStart(4, '0')).join('')}\\X0\\`;
    }
  }
  return `'${out}'`;
}

const real = (value: number) => {
  const text = String(Number(value.toFixed(6)));
  return text.includes('.') || text.includes('e') ? text.toUpperCase() : `${text}.`;
};

/** Entities in order; `add` returns the reference (`#12`) of the entity it appends. */
class StepData {
  private readonly lines: string[] = [];
  add(entity: string): string {
    this.lines.push(entity);
    return `#${this.lines.length}`;
  }
  toString(): string {
    return this.lines.map((entity, index) => `#${index + 1}=${entity};`).join('\n');
  }
}

export function renderBimIfc(sheet: ProductSheet): string {
  const { product } = sheet;
  const guid = (role: string) => stepString(ifcGuid(`${product.id}/${role}`));
  const geometry = productGeometry(product);
  const data = new StepData();

  const origin3 = data.add('IFCCARTESIANPOINT((0.,0.,0.))');
  const placement3 = data.add(`IFCAXIS2PLACEMENT3D(${origin3},$,$)`);
  const context = data.add(`IFCGEOMETRICREPRESENTATIONCONTEXT($,'Model',3,1.E-05,${placement3},$)`);
  const bodyContext = data.add(
    `IFCGEOMETRICREPRESENTATIONSUBCONTEXT('Body','Model',*,*,*,*,${context},$,.MODEL_VIEW.,$)`,
  );
  const lengthUnit = data.add('IFCSIUNIT(*,.LENGTHUNIT.,.MILLI.,.METRE.)');
  const massUnit = data.add('IFCSIUNIT(*,.MASSUNIT.,.KILO.,.GRAM.)');
  const units = data.add(`IFCUNITASSIGNMENT((${lengthUnit},${massUnit}))`);
  const project = data.add(
    `IFCPROJECT(${guid('project')},$,${stepString(`${product.id} ${product.name}`)},${stepString(sheet.siteName)},$,$,$,(${context}),${units})`,
  );
  const sitePlacement = data.add(`IFCLOCALPLACEMENT($,${placement3})`);
  const site = data.add(
    `IFCSITE(${guid('site')},$,${stepString(product.id)},$,$,${sitePlacement},$,$,.ELEMENT.,$,$,$,$,$)`,
  );
  data.add(`IFCRELAGGREGATES(${guid('aggregates')},$,$,$,${project},(${site}))`);

  // The body: the profile in the YZ plane, extruded along X by the length.
  const origin2 = data.add('IFCCARTESIANPOINT((0.,0.))');
  const placement2 = data.add(`IFCAXIS2PLACEMENT2D(${origin2},$)`);
  const profile =
    geometry.profile.kind === 'circle'
      ? data.add(`IFCCIRCLEPROFILEDEF(.AREA.,$,${placement2},${real(geometry.profile.diameter / 2)})`)
      : data.add(
          `IFCRECTANGLEPROFILEDEF(.AREA.,$,${placement2},${real(geometry.profile.width)},${real(geometry.profile.height)})`,
        );
  const xAxis = data.add('IFCDIRECTION((1.,0.,0.))');
  const zAxis = data.add('IFCDIRECTION((0.,0.,1.))');
  const solidPlacement = data.add(`IFCAXIS2PLACEMENT3D(${origin3},${xAxis},${zAxis})`);
  const extrusion = data.add('IFCDIRECTION((0.,0.,1.))');
  const solid = data.add(
    `IFCEXTRUDEDAREASOLID(${profile},${solidPlacement},${extrusion},${real(geometry.lengthMm)})`,
  );
  const shape = data.add(`IFCSHAPEREPRESENTATION(${bodyContext},'Body','SweptSolid',(${solid}))`);
  const definition = data.add(`IFCPRODUCTDEFINITIONSHAPE($,$,(${shape}))`);
  const elementPlacement = data.add(`IFCLOCALPLACEMENT(${sitePlacement},${placement3})`);
  const proxy = data.add(
    `IFCBUILDINGELEMENTPROXY(${guid('element')},$,${stepString(product.name)},${stepString(sheet.description)},${stepString(product.id)},${elementPlacement},${definition},${stepString(product.id)},.ELEMENT.)`,
  );
  data.add(`IFCRELCONTAINEDINSPATIALSTRUCTURE(${guid('contained')},$,$,$,(${proxy}),${site})`);

  const single = (name: string, value: string, type = 'IFCLABEL') =>
    data.add(`IFCPROPERTYSINGLEVALUE(${stepString(name)},$,${type}(${stepString(value)}),$)`);
  const manufacturer = [
    single('Manufacturer', sheet.siteName),
    single('ModelReference', product.id, 'IFCIDENTIFIER'),
    single('ModelLabel', product.name),
    single('ArticleNumber', product.id, 'IFCIDENTIFIER'),
  ];
  const manufacturerSet = data.add(
    `IFCPROPERTYSET(${guid('pset-manufacturer')},$,'Pset_ManufacturerTypeInformation',$,(${manufacturer.join(',')}))`,
  );
  data.add(`IFCRELDEFINESBYPROPERTIES(${guid('rel-manufacturer')},$,$,$,(${proxy}),${manufacturerSet})`);
  const specifications = sheet.rows.map((row) =>
    data.add(
      `IFCPROPERTYSINGLEVALUE(${stepString(row.id)},${stepString(row.label)},IFCLABEL(${stepString(row.text)}),$)`,
    ),
  );
  const specificationSet = data.add(
    `IFCPROPERTYSET(${guid('pset-specifications')},$,'Catalogue_Specifications',${stepString(sheet.labels.specifications)},(${specifications.join(',')}))`,
  );
  data.add(`IFCRELDEFINESBYPROPERTIES(${guid('rel-specifications')},$,$,$,(${proxy}),${specificationSet})`);

  const timestamp = sheet.generatedAt.toISOString().replace(/\.\d{3}Z$/, '');
  return [
    'ISO-10303-21;',
    'HEADER;',
    "FILE_DESCRIPTION(('ViewDefinition [ReferenceView_V1.2]'),'2;1');",
    `FILE_NAME(${stepString(`${product.id}.ifc`)},'${timestamp}',(${stepString(sheet.siteName)}),(${stepString(sheet.siteName)}),'Catalogue storefront','Catalogue storefront','');`,
    "FILE_SCHEMA(('IFC4'));",
    'ENDSEC;',
    'DATA;',
    data.toString(),
    'ENDSEC;',
    'END-ISO-10303-21;',
    '',
  ].join('\n');
}
