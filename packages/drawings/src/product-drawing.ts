import type { UnitSystem } from '@catalogue/dataset/model';
import { formatMeasurement, type Measurement } from './measure';
import { type ProductGeometry, profileSize } from './product-geometry';

/**
 * The dimensioned drawing of a SKU as a list of shapes, laid out from the same `ProductGeometry` the CAD
 * (DXF) and BIM (IFC) files are made of: the side view (length × height) and the end profile (circle or
 * rectangle), each with its dimensions in the reader's unit system. The web image (the storefront's
 * `documents/drawing-svg.ts`), the spec sheet and the quote document (both through `pdf-drawing.ts`)
 * paint these shapes, so they show the same drawing.
 *
 * Views are not to scale against each other's length: a 3 m conduit of 21 mm would be a hairline, so a
 * side view longer than its room is drawn shortened with break marks (as catalogue drawings do) and the
 * dimension says the true length. The profile keeps its true proportions.
 */

export type ShapeStyle = 'outline' | 'dimension' | 'center';

export type Shape =
  | { kind: 'path'; d: string; style: ShapeStyle }
  | { kind: 'circle'; cx: number; cy: number; r: number; style: ShapeStyle }
  /** A filled arrow head (a closed path). */
  | { kind: 'arrow'; d: string }
  /** A dimension label centred on (x, y), turned a quarter left when `vertical`. */
  | { kind: 'label'; x: number; y: number; text: string; vertical: boolean };

/** What a dimension measures, and the measurement it shows. */
export interface DrawingDimension {
  name: 'length' | 'height' | 'width' | 'diameter';
  measurement: Measurement;
  text: string;
}

export interface ProductDrawing {
  /** The drawing's box: always twice as wide as high, so every image of it has the same proportions. */
  width: number;
  height: number;
  shapes: Shape[];
  dimensions: DrawingDimension[];
}

/** Room for the profile view and for the side view before it is shortened, in drawing units. */
const PROFILE_ROOM = 70;
const SIDE_ROOM = 150;
const SIDE_MIN = 24;
const MARGIN = 34;
const GAP = 44;
const BREAK_GAP = 10;
const ARROW = 5;
export const LABEL_SIZE = 10;

const r = (value: number) => Math.round(value * 10) / 10;

/** The length in metres from a metre up (as the spec table shows it), else millimetres. */
function lengthMeasurement(mm: number): Measurement {
  return mm >= 1000 ? { value: mm / 1000, unit: 'm' } : { value: mm, unit: 'mm' };
}

/** A dimension's text, as the spec table would print the measurement: `3.05 m`, `10.01 ft`, `Ø 21 mm`. */
export function dimensionText(
  name: DrawingDimension['name'],
  measurement: Measurement,
  system: UnitSystem,
  locale: string,
): string {
  const text = formatMeasurement(measurement, system, locale);
  return name === 'diameter' ? `Ø\u00a0${text}` : text;
}

/** The drawing's dimensions, in the order they are drawn. */
export function drawingDimensions(
  geometry: ProductGeometry,
  system: UnitSystem,
  locale: string,
): DrawingDimension[] {
  if (!geometry.measured) return [];
  const { width, height } = profileSize(geometry.profile);
  const dimension = (name: DrawingDimension['name'], measurement: Measurement): DrawingDimension => ({
    name,
    measurement,
    text: dimensionText(name, measurement, system, locale),
  });
  const list = [
    dimension('length', lengthMeasurement(geometry.lengthMm)),
    dimension('height', { value: height, unit: 'mm' }),
  ];
  if (geometry.profile.kind === 'circle')
    list.push(dimension('diameter', { value: geometry.profile.diameter, unit: 'mm' }));
  else list.push(dimension('width', { value: width, unit: 'mm' }));
  return list;
}

/** A horizontal (or vertical) dimension line between two points with its arrow heads and label. */
function dimensionShapes(
  from: [number, number],
  to: [number, number],
  text: string,
  labelAt: [number, number],
): Shape[] {
  const [x1, y1] = from;
  const [x2, y2] = to;
  const vertical = x1 === x2;
  const head = (x: number, y: number, sign: number): Shape =>
    vertical
      ? { kind: 'arrow', d: `M${r(x)} ${r(y)}l-2 ${sign * ARROW}h4z` }
      : { kind: 'arrow', d: `M${r(x)} ${r(y)}l${sign * ARROW} -2v4z` };
  return [
    { kind: 'path', d: `M${r(x1)} ${r(y1)}L${r(x2)} ${r(y2)}`, style: 'dimension' },
    head(x1, y1, 1),
    head(x2, y2, -1),
    { kind: 'label', x: r(labelAt[0]), y: r(labelAt[1]), text, vertical },
  ];
}

/**
 * Lays the drawing out; `withLabels: false` leaves the texts out (thumbnails, where they would be specks).
 * A stand-in block (`measured: false`) is drawn as an outline without dimensions.
 */
export function productDrawing(
  geometry: ProductGeometry,
  system: UnitSystem,
  locale: string,
  withLabels = true,
): ProductDrawing {
  const size = profileSize(geometry.profile);
  const dimensions = drawingDimensions(geometry, system, locale);
  const textOf = (name: DrawingDimension['name']) => dimensions.find((d) => d.name === name)?.text ?? '';
  const scale = PROFILE_ROOM / Math.max(size.width, size.height);
  const profileWidth = size.width * scale;
  const profileHeight = Math.max(size.height * scale, 4);
  const trueSide = geometry.lengthMm * scale;
  const sideLength = Math.max(Math.min(trueSide, SIDE_ROOM), SIDE_MIN);
  const shortened = trueSide > SIDE_ROOM;

  // A 2:1 box around the content, the content centred in it.
  const contentWidth = MARGIN + sideLength + GAP + profileWidth + MARGIN;
  const contentHeight = 14 + PROFILE_ROOM / 2 + profileHeight / 2 + 12 + (withLabels ? 20 : 8);
  // At least the widest content, so that labels are the same size in every drawing.
  const width = Math.max(contentWidth, contentHeight * 2, MARGIN * 2 + SIDE_ROOM + GAP + PROFILE_ROOM);
  const height = width / 2;
  const left = MARGIN + (width - contentWidth) / 2;
  const cy = (height - contentHeight) / 2 + 14 + PROFILE_ROOM / 2;
  const sideTop = cy - profileHeight / 2;
  const sideBottom = cy + profileHeight / 2;
  const right = left + sideLength;
  const profileLeft = right + GAP;
  const shapes: Shape[] = [];

  if (shortened) {
    // Two pieces with S-shaped break lines between them.
    const mid = left + sideLength / 2;
    const a = mid - BREAK_GAP / 2;
    const b = mid + BREAK_GAP / 2;
    const breakLine = (x: number) =>
      `M${r(x)} ${r(sideTop)}c4 ${r(profileHeight / 3)} -4 ${r((profileHeight * 2) / 3)} 0 ${r(profileHeight)}`;
    shapes.push({
      kind: 'path',
      d: `M${r(a)} ${r(sideTop)}H${r(left)}V${r(sideBottom)}H${r(a)}M${r(b)} ${r(sideTop)}H${r(right)}V${r(sideBottom)}H${r(b)}${breakLine(a)}${breakLine(b)}`,
      style: 'outline',
    });
  } else
    shapes.push({
      kind: 'path',
      d: `M${r(left)} ${r(sideTop)}H${r(right)}V${r(sideBottom)}H${r(left)}Z`,
      style: 'outline',
    });

  if (geometry.profile.kind === 'circle') {
    const radius = profileWidth / 2;
    const cx = profileLeft + radius;
    shapes.push({ kind: 'circle', cx: r(cx), cy: r(cy), r: r(radius), style: 'outline' });
    shapes.push({
      kind: 'path',
      d: `M${r(left - 6)} ${r(cy)}H${r(right + 6)}M${r(cx - radius - 6)} ${r(cy)}H${r(cx + radius + 6)}M${r(cx)} ${r(cy - radius - 6)}V${r(cy + radius + 6)}`,
      style: 'center',
    });
  } else
    shapes.push({
      kind: 'path',
      d: `M${r(profileLeft)} ${r(sideTop)}h${r(profileWidth)}v${r(profileHeight)}h${r(-profileWidth)}Z`,
      style: 'outline',
    });

  // Length under the side view, height to its left, the profile's width (or diameter) under it.
  const below = sideBottom + 12;
  const labelGap = withLabels ? 9 : 0;
  const dims: Shape[] = [
    ...dimensionShapes([left, below], [right, below], textOf('length'), [
      (left + right) / 2,
      below + labelGap,
    ]),
    ...dimensionShapes([left - 12, sideTop], [left - 12, sideBottom], textOf('height'), [
      left - 12 - labelGap,
      cy,
    ]),
    ...dimensionShapes(
      [profileLeft, below],
      [profileLeft + profileWidth, below],
      textOf(geometry.profile.kind === 'circle' ? 'diameter' : 'width'),
      [profileLeft + profileWidth / 2, below + labelGap],
    ),
  ];
  if (geometry.measured) shapes.push(...dims.filter((shape) => withLabels || shape.kind !== 'label'));

  return { width: r(width), height: r(height), shapes, dimensions };
}
